import type { Knex } from 'knex';

/** One account's use on one UTC day: calls answered (paid or free) and credits drawn, in atomic units. */
interface DayUsageRow {
  account_id: string;
  day: string;
  calls: number;
  free_calls: number;
  credits: number;
}

/** Sums calls per account and UTC day, then writes them in one statement (`add`). */
export interface DailyUsageTally {
  /** A call answered at `at`: paid (`credits` > 0 drawn) or one of the month's free calls. */
  count(accountId: string, at: string, credits: number, free: boolean): void;
  /** Adds what was counted to `account_daily_usage`. */
  add(trx: Knex.Transaction): Promise<void>;
}

export function dailyUsageTally(): DailyUsageTally {
  const days = new Map<string, DayUsageRow>();
  return {
    count(accountId, at, credits, free) {
      const day = at.slice(0, 10);
      const k = `${accountId}\u0000${day}`;
      const row = days.get(k) ?? { account_id: accountId, day, calls: 0, free_calls: 0, credits: 0 };
      row.calls += 1;
      if (free) row.free_calls += 1;
      row.credits += credits;
      days.set(k, row);
    },
    async add(trx) {
      if (days.size === 0) return;
      await trx.raw(
        `insert into account_daily_usage (account_id, day, calls, free_calls, credits)
         select account_id, day, calls, free_calls, credits
           from json_to_recordset(?::json) as r(account_id text, day date, calls integer, free_calls integer, credits bigint)
         on conflict (account_id, day) do update
           set calls = account_daily_usage.calls + excluded.calls,
               free_calls = account_daily_usage.free_calls + excluded.free_calls,
               credits = account_daily_usage.credits + excluded.credits`,
        [JSON.stringify([...days.values()])],
      );
    },
  };
}
