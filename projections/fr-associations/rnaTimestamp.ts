/**
 * The RNA's `maj_time` ("2026-11-08 16:40:12") is the French administration's wall-clock time, without an
 * offset: Europe/Paris, whose offset (+01:00 or +02:00) depends on the date. Served as UTC ISO 8601 with `Z`, as
 * every timestamp of the API; null when absent or unreadable (never guessed).
 */
export function rnaTimestampToUtc(local: string | null): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(local?.trim() ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(asUtc)) return null;
  // The offset of Paris at that instant; taken twice so that an instant near a change of offset settles.
  let utc = asUtc - parisOffsetMs(asUtc);
  utc = asUtc - parisOffsetMs(utc);
  return new Date(utc).toISOString().replace('.000Z', 'Z');
}

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Paris's wall clock is ahead of UTC at `utcMs`. */
function parisOffsetMs(utcMs: number): number {
  const parts = Object.fromEntries(PARIS.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}
