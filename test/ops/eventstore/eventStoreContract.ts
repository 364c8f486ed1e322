import { expect } from 'chai';
import type { EventStore, NewEvent, RecordedEvent } from '../../../ops/eventstore/port.ts';

/** One behaviour suite every event-store adapter must pass. The factory gives a store over an empty log. */
export function eventStoreContract(
  name: string,
  factory: () => Promise<{ store: EventStore; close(): Promise<void> }>,
) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    let n = 0;
    const stream = () => `test.contract-${Date.now()}-${n++}`;
    const ev = (type: string, data: unknown = {}): NewEvent => ({ type, data });

    before(async () => {
      ({ store, close } = await factory());
    });
    after(async () => {
      await close();
    });

    it('appends to a new stream and reads it back in order with versions from 0', async () => {
      const s = stream();
      const r = await store.append(s, [ev('A', { x: 1 }), ev('B', { x: 2 })], 'no_stream');
      expect(r.ok).to.equal(true);
      const read = await store.readStream(s);
      expect(read.map((e) => [e.type, e.streamVersion, e.data])).to.deep.equal([
        ['A', 0n, { x: 1 }],
        ['B', 1n, { x: 2 }],
      ]);
    });

    it('keeps the data and metadata exactly as given, including strings with leading zeros', async () => {
      const s = stream();
      const data = { siren: '005520135', nested: { a: [1, 'b', null] }, accent: 'Société Générale' };
      await store.append(s, [{ type: 'T', data, metadata: { register: 'test', rowSha256: 'ab' } }], 'any');
      const [e] = await store.readStream(s);
      expect(e?.data).to.deep.equal(data);
      expect(e?.metadata).to.deep.equal({ register: 'test', rowSha256: 'ab' });
    });

    it('refuses an append with a stale expected version and says why', async () => {
      const s = stream();
      await store.append(s, [ev('A')], 'no_stream');
      const r = await store.append(s, [ev('B')], -1n);
      expect(r.ok).to.equal(false);
      if (r.ok) return;
      expect(r.error).to.equal('version_conflict');
      expect(r.actual).to.equal(0n);
      expect(r.message).to.contain(s);
      expect(await store.readStream(s)).to.have.length(1);
    });

    it('refuses no_stream on an existing stream and stream_exists on a missing one', async () => {
      const s = stream();
      await store.append(s, [ev('A')], 'no_stream');
      expect((await store.append(s, [ev('A')], 'no_stream')).ok).to.equal(false);
      expect((await store.append(stream(), [ev('A')], 'stream_exists')).ok).to.equal(false);
    });

    it('accepts the exact expected version and returns the next one', async () => {
      const s = stream();
      await store.append(s, [ev('A'), ev('B')], 'no_stream');
      const r = await store.append(s, [ev('C')], 1n);
      expect(r).to.include({ ok: true, nextExpectedVersion: 2n });
      expect(await store.streamVersion(s)).to.equal(2n);
    });

    it('reads all events after a position, in position order', async () => {
      const before = await store.headPosition();
      const a = stream();
      const b = stream();
      await store.append(a, [ev('A1')], 'any');
      await store.append(b, [ev('B1')], 'any');
      await store.append(a, [ev('A2')], 'any');
      const all = await store.readAll(before);
      expect(all.map((e) => e.type)).to.deep.equal(['A1', 'B1', 'A2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => (x < y ? -1 : 1))).to.deep.equal(positions);
      expect(await store.readAll(all[0]!.position, { limit: 1 })).to.have.length(1);
    });

    it('bulk-appends many streams with per-stream versions continuing existing streams', async () => {
      const existing = stream();
      await store.append(existing, [ev('First')], 'no_stream');
      const before = await store.headPosition();
      const entries = Array.from({ length: 250 }, (_, i) => ({
        streamId: i === 0 ? existing : `${existing}-bulk-${i}`,
        events: [ev('Bulk', { i }), ev('Bulk2', { i })],
      }));
      const r = await store.appendBulk(entries, { batchEvents: 64 });
      expect(r.events).to.equal(500);
      const after = await store.readAll(before, { limit: 1000 });
      expect(after).to.have.length(500);
      expect(after.map((e) => (e.data as { i: number }).i)).to.deep.equal(entries.flatMap((_, i) => [i, i]));
      expect((await store.readStream(existing)).map((e) => e.streamVersion)).to.deep.equal([0n, 1n, 2n]);
      expect(r.lastPosition).to.equal(after[after.length - 1]!.position);
    });

    it('bulk-appends many new streams: versions from 0, every byte of data and metadata kept, in order', async () => {
      const base = stream();
      const before = await store.headPosition();
      // Backslashes, tabs, line breaks, quotes and non-ASCII letters, in values and in keys: whatever the
      // adapter's wire format, every byte comes back.
      const tricky = 'back\\slash \\N \\\\. tab\there line\nbreak\r\n "quoted" é ✓';
      const entries = Array.from({ length: 150 }, (_, i) => ({
        streamId: `${base}-new-${i}`,
        events:
          i % 3 === 0
            ? [
                {
                  type: 'NewBulk',
                  dataJson: JSON.stringify({ i, s: tricky, [tricky]: null }),
                  data: undefined,
                },
              ]
            : [ev('NewBulk', { i, s: tricky, n: '007' }), ev('NewBulk2', { i })],
      }));
      for (const entry of entries) for (const e of entry.events) e.metadata = { pass: '12', note: tricky };
      const r = await store.appendBulk(entries, { batchEvents: 64 });
      const read = await store.readAll(before, { limit: 1000 });
      expect(r.events).to.equal(read.length);
      expect(r.lastPosition).to.equal(read[read.length - 1]!.position);
      expect(read.map((e) => [e.streamId, e.streamVersion, e.type])).to.deep.equal(
        entries.flatMap((entry) => entry.events.map((e, v) => [entry.streamId, BigInt(v), e.type])),
      );
      expect(read[0]!.data).to.deep.equal({ i: 0, s: tricky, [tricky]: null });
      expect(read[1]!.data).to.deep.equal({ i: 1, s: tricky, n: '007' });
      expect(read.every((e) => e.metadata.note === tricky)).to.equal(true);
    });

    it('bulk-appends from an async iterable', async () => {
      const base = stream();
      async function* gen() {
        for (let i = 0; i < 30; i++) yield { streamId: `${base}-${i}`, events: [ev('G', { i })] };
      }
      const r = await store.appendBulk(gen(), { batchEvents: 7 });
      expect(r.events).to.equal(30);
    });

    it('a subscription catches up from a position and then receives live events', async () => {
      const start = await store.headPosition();
      const s = stream();
      await store.append(s, [ev('Before')], 'any');
      const seen: RecordedEvent[] = [];
      const sub = store.subscribe({ from: start, onEvents: async (b) => void seen.push(...b) });
      const first = await store.append(s, [ev('Live')], 'any');
      if (!first.ok) throw new Error('append failed');
      await sub.reached(first.lastPosition);
      await sub.stop();
      expect(seen.map((e) => e.type)).to.deep.equal(['Before', 'Live']);
    });

    it('a subscription whose handler fails stops and reports the failure', async () => {
      const start = await store.headPosition();
      await store.append(stream(), [ev('Boom')], 'any');
      let reported: unknown = null;
      const sub = store.subscribe({
        from: start,
        onEvents: async () => {
          throw new Error('handler broke');
        },
        onError: (e) => {
          reported = e;
        },
      });
      const head = await store.headPosition();
      let rejected: unknown = null;
      await sub.reached(head).catch((e) => {
        rejected = e;
      });
      await sub.stop();
      expect((rejected as Error).message).to.equal('handler broke');
      expect((reported as Error).message).to.equal('handler broke');
    });

    it('subscribers of one read group each get what they would alone, of their types and entities', async () => {
      const start = await store.headPosition();
      const tag = stream();
      const r1 = `${tag}-r1`;
      const r2 = `${tag}-r2`;
      const entity = (i: number): NewEvent => {
        const [register, kind] = [
          [r1, 'a'],
          [r1, 'b'],
          [r2, 'a'],
        ][i % 3]!;
        return ev('Entity', { register, kind, id: i });
      };
      const logged = (n: number, from: number) =>
        Array.from({ length: n }, (_, k) => {
          const i = from + k;
          const events = [i % 5 === 0 ? ev('Other', { i }) : i % 7 === 0 ? ev('Mark', { i }) : entity(i)];
          return { streamId: `${tag}-${i}`, events };
        });
      await store.appendBulk(logged(230, 0));
      const filters = [
        {
          types: new Set(['Entity', 'Mark']),
          entities: { types: ['Entity'], of: [{ register: r1, kind: 'a' }] },
        },
        {
          types: new Set(['Entity']),
          entities: {
            types: ['Entity'],
            of: [
              { register: r1, kind: 'b' },
              { register: r2, kind: 'a' },
            ],
          },
        },
        { types: new Set(['Other', 'Entity']) },
      ];
      // Each subscriber catches up on the log, then takes live appends; alone, then as one group.
      const run = async (readGroup?: string) => {
        const seen = filters.map(() => [] as bigint[]);
        const subs = filters.map((f, i) =>
          store.subscribe({
            from: start,
            batchSize: 16,
            ...f,
            ...(readGroup ? { readGroup } : {}),
            onEvents: async (batch) => void seen[i]!.push(...batch.map((e) => e.position)),
          }),
        );
        const head = await store.headPosition();
        await Promise.all(subs.map((sub) => sub.reached(head)));
        return { seen, subs };
      };
      const alone = await run();
      const together = await run(`${tag}-group`);
      await store.appendBulk(logged(40, 230));
      const head = await store.headPosition();
      for (const { subs } of [alone, together]) {
        await Promise.all(subs.map((sub) => sub.reached(head)));
        await Promise.all(subs.map((sub) => sub.stop()));
      }
      // What each filter selects, from the log itself.
      const log = await store.readAll(start, { limit: 100_000 });
      const keyOf = (e: RecordedEvent) => {
        const d = e.data as { register?: string; kind?: string };
        return `${d.register} ${d.kind}`;
      };
      const expected = [
        log.filter((e) => e.type === 'Mark' || (e.type === 'Entity' && keyOf(e) === `${r1} a`)),
        log.filter((e) => e.type === 'Entity' && [`${r1} b`, `${r2} a`].includes(keyOf(e))),
        log.filter((e) => e.type === 'Other' || e.type === 'Entity'),
      ].map((events) => events.map((e) => e.position));
      expect(alone.seen).to.deep.equal(expected);
      expect(together.seen).to.deep.equal(expected);
    });

    it('a reader running beside concurrent writers never sees a gap that later fills', async () => {
      const start = await store.headPosition();
      const writers = 6;
      const perWriter = 40;
      const observed: bigint[] = [];
      let done = false;
      const reader = (async () => {
        let pos = start;
        while (!done || pos < (await store.headPosition())) {
          const batch = await store.readAll(pos, { limit: 50 });
          for (const e of batch) observed.push(e.position);
          if (batch.length) pos = batch[batch.length - 1]!.position;
        }
      })();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const s = stream();
          for (let i = 0; i < perWriter; i++) {
            if (i % 10 === 0)
              await store.appendBulk([{ streamId: `${s}-b${i}`, events: [ev('W'), ev('W')] }]);
            else await store.append(s, [ev('W', { w, i })], 'any');
          }
        }),
      );
      done = true;
      await reader;
      const final = await store.readAll(start, { limit: 100_000 });
      // Every event committed is seen exactly once, in the order of the final log: nothing appeared behind the reader.
      expect(observed).to.deep.equal(final.map((e) => e.position));
      expect(final).to.have.length(writers * (perWriter + perWriter / 10));
    });
  });
}
