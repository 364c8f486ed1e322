import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { ingestBeKbo } from '../../../ingest/be-kbo/ingestBeKbo.ts';
import type { BlockPassChoice } from '../../../ingest/core/filesPass.ts';
import { currentDigestOf } from '../../../ingest/core/snapshotDigests.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestRoOnrc } from '../../../ingest/ro-onrc/ingestRoOnrc.ts';
import { RO_ONRC_DEMO_FILES } from '../../../ingest/ro-onrc/roOnrcDemo.ts';
import { ingestSeBolagsverket } from '../../../ingest/se-bolagsverket/ingestSeBolagsverket.ts';
import { SE_BOLAGSVERKET_DEMO_FILE } from '../../../ingest/se-bolagsverket/seBolagsverketDemo.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { EventStore, RecordedEvent } from '../../../ops/eventstore/port.ts';
import { beKboProjection } from '../../../projections/be-kbo/beKboProjection.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { proveRow } from '../../../projections/core/rowProof.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { roOnrcProjection } from '../../../projections/ro-onrc/roOnrcProjection.ts';
import { seBolagsverketProjection } from '../../../projections/se-bolagsverket/seBolagsverketProjection.ts';
import { BE_KBO_REGISTER, beKboStreamOf, ENTERPRISE } from '../../../schemas/events/beKboEvents.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { FIRM, RO_ONRC_REGISTER, roOnrcStreamOf } from '../../../schemas/events/roOnrcEvents.ts';
import {
  ORGANISATION,
  SE_BOLAGSVERKET_REGISTER,
  seBolagsverketStreamOf,
} from '../../../schemas/events/seBolagsverketEvents.ts';
import type { SnapshotCompletedData } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A register whose first pass goes through the shared files pass with `blocks`, and its demo files. */
interface BlockRegister {
  register: string;
  projection: Projection;
  streamOf: (row: { kind: string; id: string }) => string;
  /** A kind its blocks hold, and the file its rows are read from. */
  kind: string;
  file: string;
  /** The line (from 1, the header's) of a row in the file, when its reader keeps lines. */
  lineOf?: (lines: string[], id: string) => number;
  ingest(
    pass: { knex: Knex; store: EventStore; snapshotDate: string } & BlockPassChoice,
  ): Promise<SnapshotCompletedData>;
}

const REGISTERS: BlockRegister[] = [
  {
    register: BE_KBO_REGISTER,
    projection: beKboProjection,
    streamOf: beKboStreamOf,
    kind: ENTERPRISE,
    file: BE_KBO_DEMO_FILES.enterprise,
    lineOf: (lines, id) =>
      1 + lines.findIndex((l) => l.startsWith(`"${id.slice(0, 4)}.${id.slice(4, 7)}.${id.slice(7)}"`)),
    ingest: (pass) => ingestBeKbo({ ...pass, logger: testLogger, files: BE_KBO_DEMO_FILES }),
  },
  {
    register: RO_ONRC_REGISTER,
    projection: roOnrcProjection,
    streamOf: roOnrcStreamOf,
    kind: FIRM,
    file: RO_ONRC_DEMO_FILES.firme,
    ingest: (pass) => ingestRoOnrc({ ...pass, logger: testLogger, files: RO_ONRC_DEMO_FILES }),
  },
  {
    register: SE_BOLAGSVERKET_REGISTER,
    projection: seBolagsverketProjection,
    streamOf: seBolagsverketStreamOf,
    kind: ORGANISATION,
    file: SE_BOLAGSVERKET_DEMO_FILE,
    ingest: (pass) => ingestSeBolagsverket({ ...pass, logger: testLogger, file: SE_BOLAGSVERKET_DEMO_FILE }),
  },
];

for (const reg of REGISTERS) {
  describe(`${reg.register}: first passes in block events, through the shared files pass (${targetDescription})`, () => {
    let bed: TestBed;
    beforeEach(async () => {
      bed = await openTestBed([reg.projection]);
      await runMigrations(bed.knex, snapshotPassMigrations);
    });
    afterEach(() => bed.close());

    const ingest = (over: BlockPassChoice = {}) =>
      reg.ingest({ knex: bed.knex, store: bed.store, snapshotDate: '2026-11-20', ...over });
    const blocksOfKind = async () =>
      (
        (await bed.store.readStream(blockStreamId(reg.register))) as RecordedEvent<
          string,
          EntitiesRecordedData
        >[]
      ).filter((e) => e.data.kind === reg.kind);
    const checksums = () => Promise.all(reg.projection.tables.map((table) => tableChecksum(bed.knex, table)));

    it('a first pass records its rows in blocks, each with its file’s SHA-256, none on its entity stream', async () => {
      const done = await ingest();
      const blocks = await blocksOfKind();
      expect(blocks).to.have.length.greaterThan(0);
      expect(done.blocks!.rows).to.be.at.least(blocks[0]!.data.ids.length);
      expect(blocks[0]!.data.fileSha256).to.equal(sha256(await fs.readFile(reg.file)));
      expect(blocks[0]!.data.records).to.have.length(blocks[0]!.data.ids.length);
      if (reg.lineOf) {
        const id = blocks[0]!.data.ids.at(-1)!;
        expect(blocks[0]!.data.lines.at(-1), 'the row’s line in its file').to.equal(
          reg.lineOf((await fs.readFile(reg.file, 'utf8')).split('\n'), id),
        );
      }
      const id = blocks[0]!.data.ids[0]!;
      const own = await bed.store.readStream(reg.streamOf({ kind: reg.kind, id }));
      expect(
        own.map((e) => e.type),
        'no per-row event',
      ).to.deep.equal([]);
    });

    it('a row of a block is proven: its digest recomputed equals the last completed pass’s', async () => {
      await ingest();
      const [block] = await blocksOfKind();
      const id = block!.data.ids.at(-1)!;
      const proof = await proveRow(bed.knex, bed.store, {
        register: reg.register,
        kind: reg.kind,
        id,
        streamId: reg.streamOf({ kind: reg.kind, id }),
      });
      expect(proof.inBlock).to.equal(true);
      expect(proof.recorded!.position).to.equal(block!.position);
      expect(proof.fileSha256).to.equal(block!.data.fileSha256);
      expect(proof.recomputedDigest).to.equal(proof.storedDigest);
      expect(proof.recomputedDigest).to.equal(await currentDigestOf(bed.knex, reg.register, id, reg.kind));
    });

    it('read tables from a block pass equal those of a per-row pass, and replay rebuilds them to the byte', async () => {
      const runner = bed.runner({ batchSize: 7 });
      await ingest();
      await runner.catchUp();
      const fromBlocks = await checksums();
      const { rows } = await bed.knex.raw(`select count(*)::int as n from ${reg.projection.tables[0]}`);
      expect(rows[0].n).to.be.greaterThan(0);
      await runner.rebuild(reg.projection.name);
      await runner.catchUp();
      expect(await checksums()).to.deep.equal(fromBlocks);
      // Every row again, one event each: the same tables.
      const again = await ingest({ oneEventPerRow: true, recordAll: true });
      expect(again.blocks).to.equal(undefined);
      await runner.catchUp();
      expect(await checksums()).to.deep.equal(fromBlocks);
    });
  });
}
