/** How the sudreg API's JSON values are read (nulls omitted by default; numbers served as JSON numbers). */

export type Obj = Record<string, unknown>;

/** A JSON object, or null for anything else (an array, a scalar, nothing). */
export const obj = (v: unknown): Obj | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null;

/** A scalar as trimmed text; null when absent, empty or not a scalar. */
export const text = (v: unknown): string | null => {
  if (v === null || v === undefined || typeof v === 'object') return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** A finite number (a numeric string is read too); anything else null. */
export const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '' || typeof v === 'object') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** A whole number as served (JSON numbers; a numeric string is read too); anything else null. */
export const int = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && Number.isSafeInteger(n) ? n : null;
};
