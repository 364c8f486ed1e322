import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { DatedFileIngestOptions } from '../../../ingest/core/datedFileCommand.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { ingestFrHatvp } from '../../../ingest/fr-hatvp/ingestFrHatvp.ts';
import { ingestFrRge } from '../../../ingest/fr-rge/ingestFrRge.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { decpProjection } from '../../../projections/fr-decp/decpProjection.ts';
import { hatvpProjection } from '../../../projections/fr-hatvp/hatvpProjection.ts';
import { rgeProjection } from '../../../projections/fr-rge/rgeProjection.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import { FR_DECP_REGISTER, frDecpStreamOf } from '../../../schemas/events/frDecpEvents.ts';
import { FR_HATVP_REGISTER, frHatvpStreamOf } from '../../../schemas/events/frHatvpEvents.ts';
import { FR_RGE_REGISTER, frRgeStreamOf } from '../../../schemas/events/frRgeEvents.ts';
import type { SnapshotCompletedData } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { DECP_2024 } from '../fr-decp/decpFixtures.ts';

const INGEST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../ingest');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A register published as one dated file (datedFilePass.ts), a file of it, and its read model. */
interface DatedRegister {
  register: string;
  projection: Projection;
  streamOf: (row: { kind: string; id: string }) => string;
  file: string;
  /** The rows' positions in the file, for a reader that gives them (a record's number in a JSON file). */
  lines?: number[];
  ingest(opts: DatedFileIngestOptions): Promise<SnapshotCompletedData>;
}

// The dated-file registers whose readers give each row's position (Egapro, SIRET-IDCC, the asset freezes and
// the EU sanctions list give none: their passes stay one event a row).
const REGISTERS: DatedRegister[] = [
  {
    register: FR_DECP_REGISTER,
    projection: decpProjection,
    streamOf: frDecpStreamOf,
    file: DECP_2024,
    lines: [1, 2, 3, 4, 5],
    ingest: ingestFrDecp,
  },
  {
    register: FR_RGE_REGISTER,
    projection: rgeProjection,
    streamOf: frRgeStreamOf,
    file: path.join(INGEST, 'fr-rge/demo/rge.json'),
    // The fifth line, of the historique, is over: counted, not read.
    lines: [1, 2, 3, 4],
    ingest: ingestFrRge,
  },
  {
    register: FR_HATVP_REGISTER,
    projection: hatvpProjection,
    streamOf: frHatvpStreamOf,
    file: path.join(INGEST, 'fr-hatvp/demo/agora_repertoire.json'),
    // The third publication, under a HATVP number, is counted, not read; the fourth is La Poste's.
    lines: [1, 2, 4],
    ingest: ingestFrHatvp,
  },
];

for (const reg of REGISTERS) {
  describe(`${reg.register}: a dated file's first pass in block events (${targetDescription})`, () => {
    let bed: TestBed;
    beforeEach(async () => {
      bed = await openTestBed([reg.projection]);
      await runMigrations(bed.knex, snapshotPassMigrations);
    });
    afterEach(() => bed.close());

    const ingest = (over: { recordAll?: boolean; oneEventPerRow?: boolean; snapshotDate?: string } = {}) =>
      reg.ingest({
        knex: bed.knex,
        store: bed.store,
        logger: testLogger,
        file: reg.file,
        snapshotDate: '2026-12-01',
        ...over,
      });
    const blocks = async () =>
      (await bed.store.readStream(blockStreamId(reg.register))) as RecordedEvent<
        string,
        EntitiesRecordedData
      >[];
    const checksums = () => Promise.all(reg.projection.tables.map((t) => tableChecksum(bed.knex, t)));

    it('records every row in blocks naming the file’s SHA-256 and each row’s position, none on its stream', async () => {
      const done = await ingest();
      const events = await blocks();
      const rows = events.flatMap((e) =>
        e.data.ids.map((id, i) => ({ id, kind: e.data.kind, line: e.data.lines[i] })),
      );
      expect(rows.length).to.be.greaterThan(0);
      expect(done.blocks).to.deep.equal({ events: events.length, rows: rows.length });
      expect(done.counts.recorded).to.equal(rows.length);
      const file = sha256(await fs.readFile(reg.file));
      for (const e of events) expect(e.data.fileSha256).to.equal(file);
      const lines = rows.map((r) => r.line);
      if (reg.lines) expect(lines).to.deep.equal(reg.lines);
      // A reader that counts no position leaves it null, never a number that would name the wrong line.
      else
        expect(
          lines.every((l) => l === null || (typeof l === 'number' && Number.isInteger(l) && l >= 1)),
        ).to.equal(true);
      expect(await bed.store.streamVersion(reg.streamOf(rows[0]!)), 'no per-row event').to.equal(null);
    });

    it('a rebuild from the log gives the same read tables to the byte, and so does a per-row pass', async () => {
      const runner = bed.runner({ batchSize: 50 });
      await ingest();
      await runner.catchUp();
      const fromBlocks = await checksums();
      await runner.rebuild(reg.projection.name);
      await runner.catchUp();
      expect(await checksums()).to.deep.equal(fromBlocks);
      await ingest({ oneEventPerRow: true, recordAll: true });
      await runner.catchUp();
      expect(await checksums()).to.deep.equal(fromBlocks);
    });

    it('a second pass of the same file records nothing: the blocks were compared like rows', async () => {
      await ingest();
      const again = await ingest({ snapshotDate: '2026-12-02' });
      expect(again.counts).to.include({ recorded: 0, changed: 0, dropped: 0 });
      expect(again.blocks).to.equal(undefined);
    });
  });
}
