import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect } from 'chai';
import { currentDigestOf } from '../../../ingest/core/snapshotDigests.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { GLEIF_DEMO_FILES } from '../../../ingest/gleif/gleifDemo.ts';
import { ingestGleif } from '../../../ingest/gleif/ingestGleif.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { proveRow } from '../../../projections/core/rowProof.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { gleifProjection } from '../../../projections/gleif/gleifProjection.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { GLEIF_REGISTER, gleifStreamOf, LEI_RECORD } from '../../../schemas/events/gleifEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe(`GLEIF passes in block events, through the shared files pass (${targetDescription})`, () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed([gleifProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  const ingest = (over: { recordAll?: boolean; oneEventPerRow?: boolean } = {}) =>
    ingestGleif({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      files: GLEIF_DEMO_FILES,
      snapshotDate: '2026-11-20',
      ...over,
    });
  const blocks = async () =>
    (await bed.store.readStream(blockStreamId(GLEIF_REGISTER))) as RecordedEvent<
      string,
      EntitiesRecordedData
    >[];
  const checksums = () => Promise.all(gleifProjection.tables.map((table) => tableChecksum(bed.knex, table)));

  it('a first pass records every record in blocks of records, each with its file’s SHA-256 and number', async () => {
    const done = await ingest();
    const events = await blocks();
    const rows = events.reduce((n, e) => n + e.data.ids.length, 0);
    expect(done.blocks).to.deep.equal({ events: events.length, rows });
    expect(rows).to.be.greaterThan(0);
    const leis = events.filter((e) => e.data.kind === LEI_RECORD);
    expect(leis[0]!.data.fileSha256).to.equal(sha256(await fs.readFile(GLEIF_DEMO_FILES.lei2)));
    // The lines their start tags open on (blockLines.int.test.ts checks every record of every form).
    expect(leis[0]!.data.lines.slice(0, 2)).to.deep.equal([8, 74]);
    expect(leis[0]!.data.records).to.have.length(leis[0]!.data.ids.length);
    const lei = leis[0]!.data.ids[0]!;
    expect(
      await bed.store.streamVersion(gleifStreamOf({ kind: LEI_RECORD, id: lei })),
      'no per-record event',
    ).to.equal(null);
  });

  it('a record of a block is proven: its digest recomputed equals the last completed pass’s', async () => {
    await ingest();
    const [block] = (await blocks()).filter((e) => e.data.kind === LEI_RECORD);
    const lei = block!.data.ids[1]!;
    const proof = await proveRow(bed.knex, bed.store, {
      register: GLEIF_REGISTER,
      kind: LEI_RECORD,
      id: lei,
      streamId: gleifStreamOf({ kind: LEI_RECORD, id: lei }),
    });
    expect(proof.inBlock).to.equal(true);
    expect(proof.recorded!.position).to.equal(block!.position);
    expect(proof.line).to.equal(74);
    expect(proof.recomputedDigest).to.equal(proof.storedDigest);
    expect(proof.recomputedDigest).to.equal(await currentDigestOf(bed.knex, GLEIF_REGISTER, lei, LEI_RECORD));
  });

  it('read tables from a block pass equal those of a per-record pass, and replay rebuilds them to the byte', async () => {
    const runner = bed.runner({ batchSize: 50 });
    await ingest();
    await runner.catchUp();
    const fromBlocks = await checksums();
    const { rows } = await bed.knex.raw(`select count(*)::int as n from ${gleifProjection.tables[0]}`);
    expect(rows[0].n).to.be.greaterThan(0);
    await runner.rebuild(gleifProjection.name);
    await runner.catchUp();
    expect(await checksums()).to.deep.equal(fromBlocks);
    // Every record again, one event each: the same tables.
    await ingest({ oneEventPerRow: true, recordAll: true });
    await runner.catchUp();
    expect(await checksums()).to.deep.equal(fromBlocks);
  });
});
