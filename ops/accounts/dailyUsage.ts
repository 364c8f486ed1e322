import type { Knex } from 'knex';

/** One UTC day of an account: calls answered (paid or free) and credits drawn, in atomic units. */
export interface DayUsage {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  calls: number;
  credits: number;
}

const DAY_MS = 86_400_000;

/**
 * The account's last `days` UTC days, today last, every day present (zero when nothing was answered), read
 * from the accounts projection's `account_daily_usage`: calls charged or free, as the projection has applied
 * them (a call of the last instants may not be counted yet).
 */
export async function dailyUsage(knex: Knex, accountId: string, now: Date, days = 30): Promise<DayUsage[]> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const { rows } = await knex.raw<{ rows: { day: string; calls: number; credits: string }[] }>(
    `select to_char(day, 'YYYY-MM-DD') as day, calls, credits::text as credits
       from account_daily_usage where account_id = ? and day >= ?::date`,
    [accountId, first],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, calls: row ? Number(row.calls) : 0, credits: row ? Number(row.credits) : 0 };
  });
}
