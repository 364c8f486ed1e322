const MONTHS: Record<string, number> = {
  janvier: 1,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
};

/** Years outside this range are typing errors in the source (`1213-10-03`, `5019-06-01`), not dates. */
const FIRST_YEAR = 1800;
const LAST_YEAR = 2100;

/**
 * A date as BODACC writes it inside its JSON members, to `YYYY-MM-DD`: `2026-08-31`, `31/08/2026`,
 * `27 novembre 2008`, `1er janvier 2020` (with ordinary or non-breaking spaces). Null when it is not a real
 * calendar date or its year is absurd: an unreadable date is not invented.
 */
export function normaliseFrenchDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim()
    .toLowerCase();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m) return calendarDate(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return calendarDate(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{1,2})(?:er)?\s+([a-zéèûô]+)\s+(\d{4})$/.exec(text);
  if (m) {
    const month = MONTHS[m[2]!.normalize('NFD').replace(/[\u0300-\u036f]/g, '')];
    if (month) return calendarDate(+m[3]!, month, +m[1]!);
  }
  return null;
}

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}
