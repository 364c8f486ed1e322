import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../ops/eventstore/port.ts';
import { RESPONSE_SERVED } from '../../ops/servedlog/responseServed.ts';

/**
 * Every event of the log, read page by page (`readAll` answers one page: the demo data alone fills several).
 * For tests that check what the log holds.
 */
export async function allEvents(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let from = 0n;
  for (;;) {
    const page = await store.readAll(from, { limit: 10_000 });
    if (page.length === 0) return events;
    events.push(...page);
    from = page[page.length - 1]!.position;
  }
}

/** A served answer's members that are signatures, digests and key ids: base64 and hex, different every run. */
const SERVED_CRYPTO_MEMBERS = [
  'signature',
  'signatureInput',
  'contentDigest',
  'hash',
  'previousHash',
  'keyId',
];

/**
 * The log's text as a privacy test scans it: every event's data, a served answer's without its signature and
 * digests. Those are random base64, where a short name (a town of three letters) turns up by chance about
 * once in a hundred runs; what a served answer says of the request (path, query, status) stays.
 */
export async function logTextForPrivacyScan(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{ rows: { type: string; data: Record<string, unknown> }[] }>(
    'select type, data from events order by position',
  );
  return rows
    .map(({ type, data }) =>
      JSON.stringify(
        type === RESPONSE_SERVED
          ? Object.fromEntries(Object.entries(data).filter(([k]) => !SERVED_CRYPTO_MEMBERS.includes(k)))
          : data,
      ),
    )
    .join('\n');
}
