/**
 * Canonical JSON for hashing: object keys sorted by code unit, no whitespace (the RFC 8785 ordering; the values
 * hashed here are strings and integers, whose JSON.stringify form is already canonical). Properties whose
 * value is undefined are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return scalarJson(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  // An object already in canonical order with scalar values only (a row read with its columns sorted) is
  // its own canonical form: JSON.stringify writes it in one native pass.
  if (isSortedFlatRecord(record)) return JSON.stringify(record);
  // Scalar values only, keys in another order: the same values in a new object whose keys were added in
  // canonical order, then one native pass. (Not a replacer array: a JSON.stringify replaced by a polyfill, as
  // pdf.js's legacy build does to its process, may ignore its order.) Integer-like keys are enumerated in
  // numeric order whatever the insertion order, so such a record takes the general path.
  if (isFlatRecord(record)) {
    const keys = Object.keys(record).sort();
    if (!keys.some(isArrayIndex)) {
      const sorted: Record<string, unknown> = {};
      for (const key of keys) sorted[key] = record[key];
      return JSON.stringify(sorted);
    }
  }
  const entries = Object.entries(record)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * `JSON.stringify(record)` when that is already the record's canonical JSON (keys in canonical order, scalar
 * values only), else null: a writer that needs both the canonical form and the plain one serialises once.
 */
export function ownJsonIfCanonical(record: Record<string, unknown>): string | null {
  return isSortedFlatRecord(record) ? JSON.stringify(record) : null;
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

/** Keys JavaScript enumerates first and in numeric order (`"0"`, `"42"`), whatever their insertion order. */
const isArrayIndex = (key: string) => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/** Own enumerable keys only, each value a string, a finite number, a boolean, null or undefined. */
function isFlatRecord(record: Record<string, unknown>): boolean {
  for (const key in record) {
    if (!Object.hasOwn(record, key)) return false;
    const v = record[key];
    if (v === null || v === undefined || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    return false;
  }
  return Object.getPrototypeOf(record) === Object.prototype || Object.getPrototypeOf(record) === null;
}

function isSortedFlatRecord(record: Record<string, unknown>): boolean {
  let previous: string | null = null;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) return false;
    if (previous !== null && !(previous < key)) return false;
    previous = key;
    const v = record[key];
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    return false;
  }
  return Object.getPrototypeOf(record) === Object.prototype || Object.getPrototypeOf(record) === null;
}
