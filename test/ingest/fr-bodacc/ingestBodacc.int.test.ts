import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { migrateAll } from '../../../app/server/migrateAll.ts';
import { runNoticePass } from '../../../ingest/core/noticePass.ts';
import { readOdsExport } from '../../../ingest/core/readOdsExport.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore } from '../../../ops/eventstore/postgres/index.ts';
import { snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { BODACC_EXPORT_1, BODACC_EXPORT_2, BODACC_SAMPLE, SUCRERIES } from '../../support/gazetteFixtures.ts';

describe(`BODACC ingestion as notice passes (${targetDescription})`, () => {
  let db: Database;
  let store: EventStore;
  const ingest = (file: string, date = '2026-11-16') =>
    ingestBodaccExport({ knex: db.knex, store, logger: testLogger, file, date });

  beforeEach(async () => {
    db = await freshDatabase();
    await migrateAll(db.knex, []);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
  });
  afterEach(() => db.close());

  it('reads the v1 answer, the JSONL export and the JSON array export alike', async () => {
    const counts: number[] = [];
    for (const file of [BODACC_SAMPLE, BODACC_EXPORT_1, BODACC_EXPORT_2]) {
      let n = 0;
      for await (const r of readOdsExport(file)) {
        expect(r.id).to.be.a('string');
        n++;
      }
      counts.push(n);
    }
    expect(counts).to.deep.equal([3, 11, 2]);
  });

  it('puts each notice on its company’s stream, framed by the export’s SHA-256', async () => {
    const result = await ingest(BODACC_EXPORT_1);
    expect(result.status).to.equal('completed');
    const events = await store.readStream(`fr.bodacc-${SUCRERIES}`);
    expect(events).to.have.length(6);
    expect(events[0]!.data).to.deep.include({ register: 'fr.bodacc', kind: 'annonce', id: 'A202500451402' });
    expect(events[0]!.metadata).to.include({ register: 'fr.bodacc', snapshotVersion: '2026-11-16' });
    const frame = await store.readStream(snapshotStreamId('fr.bodacc'));
    expect(frame.map((e) => e.type)).to.deep.equal(['SnapshotStarted', 'SnapshotCompleted']);
    expect((frame[1]!.data as { counts: object }).counts).to.deep.equal({
      rows: 11,
      recorded: 11,
      changed: 0,
      dropped: 0,
      unchanged: 0,
    });
  });

  it('re-ingesting the same export appends nothing at all', async () => {
    await ingest(BODACC_EXPORT_1);
    const head = await store.headPosition();
    const again = await ingest(BODACC_EXPORT_1, '2026-11-17');
    expect(again).to.deep.equal({ status: 'already_ingested', version: '2026-11-16' });
    expect(await store.headPosition()).to.equal(head);
  });

  it('another export holding notices already seen appends only the new and the changed ones', async () => {
    await ingest(BODACC_EXPORT_1);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bodacc-'));
    try {
      const lines = (await fs.readFile(BODACC_EXPORT_1, 'utf8')).trim().split('\n');
      const changed = JSON.parse(lines[2]!);
      changed.tribunal = 'Greffe du Tribunal des Activités Economiques d’Amiens';
      const file = path.join(dir, 'next.jsonl');
      await fs.writeFile(file, `${[lines[0], lines[1], JSON.stringify(changed)].join('\n')}\n`);
      const head = await store.headPosition();
      const result = await ingest(file, '2026-11-17');
      expect(result.status === 'completed' && result.completed.counts).to.deep.equal({
        rows: 3,
        recorded: 0,
        changed: 1,
        dropped: 0,
        unchanged: 2,
      });
      const appended = (await store.readAll(head)).filter((e) => e.type.startsWith('Entity'));
      expect(appended.map((e) => [e.type, (e.data as { id: string }).id])).to.deep.equal([
        ['EntityChanged', 'A202501802215'],
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('notices of an interrupted pass are appended again by the next pass', async () => {
    async function* failing() {
      for await (const r of readOdsExport(BODACC_EXPORT_2)) {
        yield { kind: 'annonce', id: String(r.id), streams: [`fr.bodacc-${SUCRERIES}`], record: r };
      }
      throw new Error('disk unplugged');
    }
    await runNoticePass({
      knex: db.knex,
      store,
      logger: testLogger,
      register: 'fr.bodacc',
      version: '2026-11-19',
      snapshotDate: '2026-11-19',
      fileSha256: 'e'.repeat(64),
      rows: failing(),
      batchSize: 1,
    }).catch(() => undefined);
    const result = await ingest(BODACC_EXPORT_2, '2026-11-20');
    expect(result.status === 'completed' && result.completed.counts.recorded).to.equal(2);
    const frame = await store.readStream(snapshotStreamId('fr.bodacc'));
    expect(frame.map((e) => e.type)).to.deep.equal([
      'SnapshotStarted',
      'SnapshotAbandoned',
      'SnapshotStarted',
      'SnapshotCompleted',
    ]);
  });
});
