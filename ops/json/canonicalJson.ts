/**
 * Canonical JSON for hashing: object keys sorted by code unit, no whitespace (the RFC 8785 ordering; the values
 * hashed here are strings and integers, whose JSON.stringify form is already canonical). Properties whose
 * value is undefined are left out, as JSON.stringify does.
 *
 * A value whose objects all have their keys in canonical order (a record read with its columns sorted, or made
 * by canonicalCopy) is its own canonical form: JSON.stringify writes it in one native pass. Any other is copied
 * with its keys in that order first, then written the same way: building the text member by member in
 * JavaScript made a tree of small strings that every later reader of the text had to flatten (a nested DECP
 * contract: 57 µs of CPU against 25 copied and written natively). Integer-like keys, which objects enumerate
 * first in numeric order whatever their insertion order, take the member-by-member path.
 */
export function canonicalJson(value: unknown): string {
  if (isCanonicalTree(value)) return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return scalarJson(value);
  const copy = canonicalCopy(value);
  if (isCanonicalTree(copy)) return JSON.stringify(copy);
  return memberByMember(value);
}

/**
 * A copy of a JSON value (plain objects, arrays and scalars) whose objects have their keys in canonical order
 * (code unit), members whose value is undefined left out, and those `omit` names dropped at any depth: the
 * reader of a nested record makes it once, and its canonical JSON is then one native JSON.stringify
 * (canonicalJson). Objects with integer-like keys still enumerate them in numeric order: canonicalJson checks.
 */
export function canonicalCopy(value: unknown, omit?: (key: string) => boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = canonicalCopy(value[i], omit);
    return out;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) {
    if (!(keys[i - 1]! < keys[i]!)) {
      keys.sort();
      break;
    }
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (omit?.(key)) continue;
    const v = record[key];
    if (v !== undefined) out[key] = canonicalCopy(v, omit);
  }
  return out;
}

/** The canonical JSON written member by member (objects with integer-like keys, values JSON cannot hold). */
function memberByMember(value: unknown): string {
  if (value === null || typeof value !== 'object') return scalarJson(value);
  if (Array.isArray(value)) return `[${value.map(memberByMember).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${memberByMember(v)}`).join(',')}}`;
}

/**
 * `JSON.stringify(record)` when that is already the record's canonical JSON (every object's keys in canonical
 * order, values JSON holds faithfully), else null: a writer that needs both the canonical form and the plain
 * one serialises once.
 */
export function ownJsonIfCanonical(record: Record<string, unknown>): string | null {
  return isCanonicalTree(record) ? JSON.stringify(record) : null;
}

function scalarJson(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new Error('canonical JSON has no NaN or Infinity');
  if (
    value === undefined ||
    typeof value === 'function' ||
    typeof value === 'bigint' ||
    typeof value === 'symbol'
  ) {
    throw new Error(`canonical JSON cannot hold a ${typeof value}`);
  }
  return JSON.stringify(value);
}

/**
 * Whether JSON.stringify writes the value as its canonical JSON: strings, booleans, null and finite numbers;
 * arrays of such values; plain objects whose keys enumerate in strictly ascending code-unit order, no value
 * undefined. Reads the value without building anything.
 */
function isCanonicalTree(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isCanonicalTree(value[i])) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  let previous: string | null = null;
  for (const key in record) {
    if (previous !== null && !(previous < key)) return false;
    previous = key;
    const v = record[key];
    if (v === undefined || !isCanonicalTree(v)) return false;
  }
  return true;
}
