import { expect } from 'chai';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { ingestBeKbo } from '../../../ingest/be-kbo/ingestBeKbo.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { entityBlockRowsMigration } from '../../../ops/eventstore/postgres/entityBlockRows.ts';
import { entityHistory } from '../../../projections/core/entityHistory.ts';
import { proveRow } from '../../../projections/core/rowProof.ts';
import { BE_KBO_REGISTER, beKboStreamOf, ENTERPRISE } from '../../../schemas/events/beKboEvents.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { entityBlockRowsKept, entityBlockRowsOfLog } from '../../ingest/core/support/entityBlockRowsOfLog.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

describe(`entity_block_rows: an entity's blocks found without reading the blocks stream (${targetDescription})`, () => {
  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  const ingest = (snapshotDate: string, recordAll = false) =>
    ingestBeKbo({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      files: BE_KBO_DEMO_FILES,
      snapshotDate,
      ...(recordAll ? { recordAll: true } : {}),
    });
  const lastBlock = async () =>
    (
      (await bed.store.readStream(blockStreamId(BE_KBO_REGISTER))) as RecordedEvent<
        string,
        EntitiesRecordedData
      >[]
    )
      .filter((e) => e.data.kind === ENTERPRISE)
      .at(-1)!;
  const ref = (id: string) => ({
    register: BE_KBO_REGISTER,
    kind: ENTERPRISE,
    id,
    streamId: beKboStreamOf({ kind: ENTERPRISE, id }),
  });

  it('holds every entity of every block in the log, with its block’s position, its index and its pass', async () => {
    await ingest('2026-11-19');
    await ingest('2026-11-20', true);
    const kept = await entityBlockRowsKept(bed.knex);
    expect(kept).to.have.length.greaterThan(0);
    expect(kept).to.deep.equal(await entityBlockRowsOfLog(bed.knex));
    const block = await lastBlock();
    const id = block.data.ids[2]!;
    const found = await bed.store.entityBlocks(BE_KBO_REGISTER, id, ENTERPRISE);
    expect(found).to.have.length(2);
    expect(found[1]).to.deep.equal({
      position: block.position,
      index: 2,
      kind: ENTERPRISE,
      pass: BigInt(String(block.metadata.pass)),
    });
  });

  it('the history and the audit of a row read its block through it', async () => {
    await ingest('2026-11-20');
    const block = await lastBlock();
    const id = block.data.ids[1]!;
    const history = await entityHistory(bed.knex, bed.store, ref(id));
    expect(history.map((e) => [e.position, (e.data as { id: string }).id])).to.deep.equal([
      [block.position, id],
    ]);
    expect((await proveRow(bed.knex, bed.store, ref(id))).inBlock).to.equal(true);
    // Without its index row, the block is not found: the history does not scan the blocks stream.
    await bed.knex.raw('delete from entity_block_rows where entity_id = ?', [id]);
    expect(await entityHistory(bed.knex, bed.store, ref(id))).to.deep.equal([]);
    expect((await proveRow(bed.knex, bed.store, ref(id))).recorded).to.equal(null);
  });

  it('its migration files the blocks a log already holds', async () => {
    await ingest('2026-11-20');
    const kept = await entityBlockRowsKept(bed.knex);
    await bed.knex.raw('drop table entity_block_rows');
    await entityBlockRowsMigration.up(bed.knex);
    expect(await entityBlockRowsKept(bed.knex)).to.deep.equal(kept);
  });
});
