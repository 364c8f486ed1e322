import type { Knex } from 'knex';
import { RESPONSE_SERVED, type ServedEntry, servedStreamId } from './responseServed.ts';

/** Which served entries are already in the log: one answer is its signature and the instant it was served. */
export type LoggedEntries = (entries: readonly ServedEntry[]) => Promise<Map<string, number>>;

/** Signatures looked up per statement: a journal kept through a long outage holds many. */
const LOOKUP_CHUNK = 1000;

export const servedEntryKey = (entry: Pick<ServedEntry, 'signature' | 'servedAt'>) =>
  `${entry.signature}|${entry.servedAt}`;

/**
 * How many times each of these entries (by `servedEntryKey`) is in the served log, looked up in their day
 * streams: a replay appends only what is not there yet, so that an append that committed before its answer was
 * lost is not appended twice.
 */
export function loggedEntriesIn(knex: Knex): LoggedEntries {
  return async (entries) => {
    const counts = new Map<string, number>();
    if (entries.length === 0) return counts;
    const streams = [...new Set(entries.map((e) => servedStreamId(e.servedAt)))];
    const signatures = [...new Set(entries.map((e) => e.signature))];
    for (let i = 0; i < signatures.length; i += LOOKUP_CHUNK) {
      const { rows } = await knex.raw<{ rows: { signature: string; served_at: string; n: string }[] }>(
        `select data->>'signature' as signature, data->>'servedAt' as served_at, count(*) as n
           from events
          where stream_id = any(?::text[]) and type = ? and data->>'signature' = any(?::text[])
          group by 1, 2`,
        [streams, RESPONSE_SERVED, signatures.slice(i, i + LOOKUP_CHUNK)],
      );
      for (const r of rows)
        counts.set(servedEntryKey({ signature: r.signature, servedAt: r.served_at }), Number(r.n));
    }
    return counts;
  };
}
