/**
 * A batch of rows as one JSON array per column, read back in SQL by `rows from (json_array_elements_text(…),
 * …)`: the server lexes flat arrays of scalars. `json_to_recordset` over an array of objects, which it
 * replaces, builds a hash table for every object and looks each column up in it: about 12 µs a row of a
 * Sirene unit on the server against 2 µs (bench sirene, bench/HISTORY.md), and most of what writing a read
 * table cost.
 *
 * Each column reads as `json_to_recordset` would have given it: SQL NULL for a JSON null or an absent
 * property, a string unescaped, any other JSON value as its JSON text, then the column's type's input
 * function. Array columns (`text[]`, …) travel as the array's literal text and `json`/`jsonb` columns as their
 * value's JSON text, so that both end in the same input functions `json_to_recordset` calls.
 */
export interface ColumnRows {
  /** `rows from (…) as r(c1, …)`, one placeholder per column. */
  from: string;
  /** The column expressions, cast to their types, in the columns' order. */
  select: string[];
  /** One JSON array per column, in the columns' order. */
  bindings: string[];
}

/** `columns`: each column's SQL type, in the order the statement names them. */
export function rowsAsColumns<R extends object>(
  columns: Readonly<Record<string, string>>,
  rows: readonly R[],
): ColumnRows {
  const names = Object.keys(columns);
  const bindings = names.map((name) => {
    const type = columns[name]!;
    const encode = encoderOf(type);
    const values = new Array<unknown>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      values[i] = encode((rows[i] as Record<string, unknown>)[name]);
    }
    return JSON.stringify(values);
  });
  return {
    from: `rows from (${names.map(() => 'json_array_elements_text(?::json)').join(', ')}) as r(${names.join(', ')})`,
    select: names.map((name) => (columns[name] === 'text' ? `r.${name}` : `r.${name}::${columns[name]}`)),
    bindings,
  };
}

type Encoder = (value: unknown) => unknown;

/** How a column's values travel: as they are, or as the text its type's input function reads. */
function encoderOf(type: string): Encoder {
  if (type.trim().endsWith(']')) return arrayColumn;
  if (type === 'json' || type === 'jsonb') return jsonColumn;
  return scalarColumn;
}

/** As JSON.stringify would write it (a Date as its ISO string); undefined as null. */
const jsonValue = (value: unknown): unknown => {
  if (value === undefined) return null;
  const toJSON = (value as { toJSON?: () => unknown } | null)?.toJSON;
  return typeof toJSON === 'function' ? toJSON.call(value) : value;
};

const scalarColumn: Encoder = jsonValue;

/** The value's JSON text (json_array_elements_text gives it back unchanged); null stays SQL NULL. */
const jsonColumn: Encoder = (value) => {
  const v = jsonValue(value);
  return v === null ? null : JSON.stringify(v);
};

/**
 * An array column's value as the array literal its input function reads: each element quoted (the text
 * `json_to_recordset` gives it: a string itself, any other value its JSON text), NULL for null, nested arrays
 * as nested braces. A string is taken as a literal already, as `json_to_recordset` takes it.
 */
const arrayColumn: Encoder = (value) => {
  const v = jsonValue(value);
  if (v === null || typeof v === 'string') return v;
  if (!Array.isArray(v)) return JSON.stringify(v);
  return arrayLiteral(v);
};

function arrayLiteral(values: readonly unknown[]): string {
  const parts = values.map((element) => {
    const e = jsonValue(element);
    if (e === null) return 'NULL';
    if (Array.isArray(e)) return arrayLiteral(e);
    const text = typeof e === 'string' ? e : JSON.stringify(e);
    return `"${text.replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${parts.join(',')}}`;
}
