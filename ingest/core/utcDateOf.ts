/** An ISO 8601 timestamp with an offset (any number of fraction digits) as its UTC date; null if unreadable. */
export function utcDateOf(timestamp: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/.exec(timestamp.trim());
  if (!m) return /^\d{4}-\d{2}-\d{2}$/.test(timestamp.trim()) ? timestamp.trim() : null;
  const ms = (m[2] ?? '0').padEnd(3, '0').slice(0, 3);
  const t = Date.parse(`${m[1]}.${ms}${m[3] ?? 'Z'}`);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}
