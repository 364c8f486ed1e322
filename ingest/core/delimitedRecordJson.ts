/** A delimited file's rows written as their records' canonical JSON (delimitedRecordJson). */
export interface DelimitedRecordJson {
  /** The row's canonical JSON; `members` must hold every member named when the writer was made. */
  json(fields: readonly string[], members?: Readonly<Record<string, string>>): string;
  /**
   * The value the record would hold for a column (null: empty; undefined: not in the header, or beyond a
   * short row's end).
   */
  valueOf(fields: readonly string[], column: string): string | null | undefined;
}

/**
 * Writes, from a delimited row's fields, the canonical JSON (ops/json/canonicalJson.ts: keys sorted by code
 * unit, no whitespace) of the record readDelimitedNumbered would have made of it: an empty field null, a
 * row shorter than the header without its missing columns, a column named twice holding its last field
 * present. The columns in `drop` are left out; each of `members` is added with its JSON as the caller
 * wrote it (a list of rows' JSON, for instance), in its sorted place, a column of the same name giving way
 * to it. The same bytes as `canonicalJson({...record minus drop, ...members})`, without the record, its
 * copy, nor the sort of its keys for every row: a reader of a large file whose records nest other rows
 * (ICPE's installations and their rubriques) writes each row once, as a string, the digest's input and the
 * event's data (SnapshotRow.json).
 */
export function delimitedRecordJson(
  columns: readonly string[],
  opts: { drop?: Iterable<string>; members?: readonly string[] } = {},
): DelimitedRecordJson {
  // Each column's places in the header, last first: the record holds the last one the row reaches.
  const places = new Map<string, number[]>();
  columns.forEach((name, at) => {
    // A `__proto__` field sets no own member of the record (readDelimitedNumbered assigns it).
    if (name === '__proto__') return;
    const list = places.get(name);
    if (list) list.unshift(at);
    else places.set(name, [at]);
  });
  const members = opts.members ?? [];
  const left = new Set<string>([...(opts.drop ?? []), ...members]);
  const plan: { keyJson: string; member: string | null; at: number[] }[] = [
    ...[...places]
      .filter(([name]) => !left.has(name))
      .map(([name, at]) => ({ name, member: null as string | null, at })),
    ...members.map((name) => ({ name, member: name as string | null, at: [] as number[] })),
  ]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, member, at }) => ({ keyJson: `${JSON.stringify(name)}:`, member, at }));

  const fieldAt = (fields: readonly string[], at: readonly number[]): string | undefined => {
    for (const i of at) if (i < fields.length) return fields[i];
    return undefined;
  };
  return {
    json(fields, given) {
      let out = '';
      for (const { keyJson, member, at } of plan) {
        let value: string | undefined;
        if (member !== null) {
          value = given?.[member];
          if (value === undefined) throw new Error(`delimitedRecordJson: member ${member} not given`);
        } else {
          const field = fieldAt(fields, at);
          if (field === undefined) continue;
          value = field === '' ? 'null' : JSON.stringify(field);
        }
        out += out === '' ? `{${keyJson}${value}` : `,${keyJson}${value}`;
      }
      return out === '' ? '{}' : `${out}}`;
    },
    valueOf(fields, column) {
      const at = places.get(column);
      if (!at) return undefined;
      const field = fieldAt(fields, at);
      return field === '' ? null : field;
    },
  };
}
