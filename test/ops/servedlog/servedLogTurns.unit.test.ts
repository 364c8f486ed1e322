import { expect } from 'chai';
import type { AppendResult, EventStore, NewEvent } from '../../../ops/eventstore/port.ts';
import { createLogger } from '../../../ops/logger.ts';
import { createServedLog } from '../../../ops/servedlog/createServedLog.ts';
import { GENESIS_HASH, type ResponseServedData } from '../../../ops/servedlog/responseServed.ts';
import { servedEntry } from './servedEntries.ts';

/** A log that answers at once, in memory: the served log's own work is all that stands between two turns. */
function instantStore(onAppend: (events: NewEvent[]) => void): EventStore {
  return {
    streamVersion: async () => null,
    readStream: async () => [],
    append: async (_streamId: string, events: NewEvent[]): Promise<AppendResult> => {
      onAppend(events);
      return {
        ok: true,
        nextExpectedVersion: BigInt(events.length - 1),
        lastPosition: BigInt(events.length),
      };
    },
  } as unknown as EventStore;
}

describe('served log between requests', () => {
  it('lets the event loop turn while it chains a full batch, at most 100 entries a turn', async () => {
    let turns = 0;
    let turnsAtAppend = -1;
    let appended: NewEvent[] = [];
    const log = createServedLog({
      eventStore: instantStore((events) => {
        turnsAtAppend = turns;
        appended = events;
      }),
      logger: createLogger('silent'),
      maxBatch: 500,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 499; i++) log.record(servedEntry('2031-01-02T03:04:05.000Z'));
    let flushing = true;
    const tick = () => {
      turns++;
      if (flushing) setImmediate(tick);
    };
    setImmediate(tick);
    // The 500th entry fills the batch: the background flush starts, and requests keep being answered.
    log.record(servedEntry('2031-01-02T03:04:05.000Z'));
    await log.flush();
    flushing = false;
    expect(appended).to.have.length(500);
    expect(turnsAtAppend).to.be.at.least(500 / 100 - 1);
  });

  it('appends each entry with its JSON, chained from the day’s genesis', async () => {
    let appended: NewEvent[] = [];
    const log = createServedLog({
      eventStore: instantStore((events) => {
        appended = events;
      }),
      logger: createLogger('silent'),
    });
    for (let i = 0; i < 120; i++) log.record(servedEntry('2031-01-02T03:04:05.000Z'));
    await log.flush();
    const data = appended.map((e) => e.data as ResponseServedData);
    expect(data[0]!.previousHash).to.equal(GENESIS_HASH);
    for (let i = 1; i < data.length; i++) expect(data[i]!.previousHash).to.equal(data[i - 1]!.hash);
    for (const e of appended) expect(JSON.parse(e.dataJson!)).to.deep.equal(e.data);
  });
});
