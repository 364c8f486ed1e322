/**
 * Canonical JSON for hashing: object keys sorted by code unit, no whitespace (the RFC 8785 ordering; the values
 * hashed here are strings and integers, whose JSON.stringify form is already canonical).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error('canonical JSON has no NaN or Infinity');
    if (value === undefined || typeof value === 'function' || typeof value === 'bigint') {
      throw new Error(`canonical JSON cannot hold a ${typeof value}`);
    }
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
