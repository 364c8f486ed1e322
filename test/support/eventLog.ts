import type { EventStore, RecordedEvent } from '../../ops/eventstore/port.ts';

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
