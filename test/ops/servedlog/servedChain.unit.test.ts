import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { canonicalJson } from '../../../ops/json/canonicalJson.ts';
import {
  chainEntries,
  chainEntriesWithJson,
  chainHash,
  GENESIS_HASH,
  RESPONSE_SERVED,
  type ResponseServedData,
  servedStreamId,
} from '../../../ops/servedlog/responseServed.ts';
import { verifyServedChain } from '../../../ops/servedlog/verifyServedChain.ts';
import { servedEntry } from './servedEntries.ts';

function recorded(data: ResponseServedData[], streamId = servedStreamId(data[0]!.servedAt)): RecordedEvent[] {
  return data.map((d, i) => ({
    position: BigInt(i + 1),
    streamId,
    streamVersion: BigInt(i),
    type: RESPONSE_SERVED,
    data: structuredClone(d),
    metadata: {},
    recordedAt: new Date(),
  }));
}

describe('served-log hash chain', () => {
  const day = ['2025-03-14T09:00:00.000Z', '2025-03-14T09:00:01.250Z', '2025-03-14T23:59:59.999Z'];

  it('names the stream after the UTC day of serving', () => {
    expect(servedStreamId('2025-03-14T23:59:59.999Z')).to.equal('served-2025-03-14');
    expect(servedStreamId('2025-03-15T00:30:00+01:00')).to.equal('served-2025-03-14');
  });

  it('chains each event to the previous one, the first to 64 zeros', () => {
    const chained = chainEntries(
      day.map((t) => servedEntry(t)),
      GENESIS_HASH,
    );
    expect(chained[0]!.previousHash).to.equal('0'.repeat(64));
    expect(chained[1]!.previousHash).to.equal(chained[0]!.hash);
    expect(chained[2]!.previousHash).to.equal(chained[1]!.hash);
    expect(chained[0]!.hash).to.match(/^[0-9a-f]{64}$/);
  });

  it('hashes the previous hash followed by the canonical JSON of the other fields', () => {
    const entry = servedEntry(day[0]!);
    const [data] = chainEntries([entry], GENESIS_HASH);
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalJson(entry))
      .digest('hex');
    expect(data!.hash).to.equal(expected);
    expect(chainHash(GENESIS_HASH, data!)).to.equal(expected);
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).to.equal('{"a":[{"c":null,"d":"x"}],"b":1}');
  });

  it('writes each event’s JSON as its data, with the hash of the canonical form', () => {
    const entries = day.map((t) => servedEntry(t));
    const chained = chainEntriesWithJson(entries, GENESIS_HASH);
    for (const [i, { data, dataJson }] of chained.entries()) {
      expect(JSON.parse(dataJson)).to.deep.equal(data);
      expect(data.hash).to.equal(chainHash(data.previousHash, data));
      expect(data.hash).to.equal(
        createHash('sha256')
          .update(data.previousHash + canonicalJson(entries[i]))
          .digest('hex'),
      );
    }
  });

  it('an intact day verifies', () => {
    const events = recorded(
      chainEntries(
        day.map((t) => servedEntry(t)),
        GENESIS_HASH,
      ),
    );
    expect(verifyServedChain(events)).to.deep.include({ ok: true, count: 3 });
  });

  it('a modified event breaks the chain at that event', () => {
    const events = recorded(
      chainEntries(
        day.map((t) => servedEntry(t)),
        GENESIS_HASH,
      ),
    );
    (events[1]!.data as ResponseServedData).status = 404;
    const verdict = verifyServedChain(events);
    expect(verdict.ok).to.equal(false);
    if (verdict.ok) return;
    expect(verdict.streamVersion).to.equal(1n);
    expect(verdict.reason).to.match(/hash/);
  });

  it('a modified event whose hash was recomputed breaks the link to the next one', () => {
    const events = recorded(
      chainEntries(
        day.map((t) => servedEntry(t)),
        GENESIS_HASH,
      ),
    );
    const data = events[1]!.data as ResponseServedData;
    data.path = '/v1/entreprises/000000000';
    data.hash = chainHash(data.previousHash, data);
    const verdict = verifyServedChain(events);
    expect(verdict).to.deep.include({ ok: false, streamVersion: 2n });
  });

  it('a removed event or an event moved to another day is found', () => {
    const events = recorded(
      chainEntries(
        day.map((t) => servedEntry(t)),
        GENESIS_HASH,
      ),
    );
    expect(verifyServedChain([events[0]!, events[2]!]).ok).to.equal(false);
    const other = recorded(chainEntries([servedEntry(day[0]!)], GENESIS_HASH), 'served-2025-03-15');
    expect(verifyServedChain(other)).to.deep.include({ ok: false, streamVersion: 0n });
  });

  it('verifies page by page from where the previous page ended', () => {
    const events = recorded(
      chainEntries(
        day.map((t) => servedEntry(t)),
        GENESIS_HASH,
      ),
    );
    const first = verifyServedChain(events.slice(0, 2));
    expect(first.ok).to.equal(true);
    if (!first.ok) return;
    const rest = verifyServedChain(events.slice(2), {
      previousHash: first.lastHash,
      version: first.nextVersion,
    });
    expect(rest).to.deep.include({ ok: true, count: 1 });
  });
});
