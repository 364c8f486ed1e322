import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrInpiPi } from '../../../ingest/fr-inpi-pi/ingestFrInpiPi.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { blockStreamId, type EntitiesRecordedData } from '../../../schemas/events/entityBlockEvents.ts';
import type { EntityRecordedData } from '../../../schemas/events/entityEvents.ts';
import { FR_INPI_PI_REGISTER, frInpiPiStreamOf } from '../../../schemas/events/frInpiPiEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { writeZip } from '../../support/writeZip.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import {
  INPI_FIXTURES,
  INPI_MARK_DIOR,
  INPI_NAMES_AND_ADDRESSES,
  INPI_PATENT_2706406,
  INPI_PERSONS,
} from './inpiPiFixtures.ts';

describe(`INPI industrial-property ingester (${targetDescription})`, () => {
  let bed: TestBed;
  let dir: string;
  const ingest = (
    paths: string[],
    snapshotDate = '2026-12-01',
    over: { recordAll?: boolean; oneEventPerRow?: boolean } = {},
  ) => ingestFrInpiPi({ knex: bed.knex, store: bed.store, logger: testLogger, paths, snapshotDate, ...over });
  /** A title's records as the log holds them: a first pass records them in block events. */
  const recordsOf = async (kind: string, id: string) =>
    (
      await recordedEntities(bed.store, FR_INPI_PI_REGISTER, frInpiPiStreamOf, frInpiPiStreamOf({ kind, id }))
    ).map((e) => (e as EntityRecordedData).record);
  const blocks = async () =>
    (await bed.store.readStream(blockStreamId(FR_INPI_PI_REGISTER))) as RecordedEvent<
      string,
      EntitiesRecordedData
    >[];

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    dir = await mkdtemp(path.join(tmpdir(), 'inpi-pi-'));
  });
  afterEach(async () => {
    await bed.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a folder: one mark and one patent, in block events naming each file, the files fingerprinted', async () => {
    const done = await ingest([INPI_FIXTURES]);
    expect(done.counts).to.include({ rows: 2, recorded: 2, dropped: 0 });
    expect(done.blocks).to.deep.equal({ events: 2, rows: 2 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
    const report = done.report as Record<string, unknown>;
    expect(report).to.deep.include({ fichiersLus: 2, lignesEcartees: 0, marquesLues: 1, brevetsLus: 1 });
    const fichiers = report.fichiers as { nom: string; sha256: string }[];
    expect(fichiers.map((f) => f.nom)).to.deep.equal(['inpi_notice_FR5189659.xml', '2706406.xml']);
    // Each title's block names its own file and the line its element opens on (after the XML declaration).
    expect(
      (await blocks()).map((b) => ({ kind: b.data.kind, file: b.data.fileSha256, lines: b.data.lines })),
    ).to.have.deep.members([
      { kind: 'marque', file: fichiers[0]!.sha256, lines: [2] },
      { kind: 'brevet', file: fichiers[1]!.sha256, lines: [2] },
    ]);
    expect(await recordsOf('marque', 'FR5189659')).to.have.length(1);
    expect((await recordsOf('marque', 'FR5189659'))[0]).to.deep.include({ HolderSirens: ['612035832'] });
    expect((await recordsOf('brevet', '9307182'))[0]).to.deep.include({ HolderSirens: ['752364778'] });
    expect(await bed.store.streamVersion(frInpiPiStreamOf({ kind: 'marque', id: 'FR5189659' }))).to.equal(
      null,
    );
  });

  it('--one-event-per-row: each title on its own stream, no block', async () => {
    const done = await ingest([INPI_FIXTURES], '2026-12-01', { oneEventPerRow: true });
    expect(done.blocks).to.equal(undefined);
    const [mark] = await bed.store.readStream(frInpiPiStreamOf({ kind: 'marque', id: 'FR5189659' }));
    expect((mark!.data as EntityRecordedData).record).to.deep.include({ HolderSirens: ['612035832'] });
    expect(await blocks()).to.deep.equal([]);
  });

  it('never logs an inventor, a representative, a holder’s name or address', async () => {
    await ingest([INPI_FIXTURES]);
    const events = await bed.store.readAll(0n, { limit: 1000 });
    const log = JSON.stringify(events.map((e) => [e.data, e.metadata]));
    expect(log).to.include('752364778');
    for (const value of [...INPI_PERSONS, ...INPI_NAMES_AND_ADDRESSES]) expect(log).not.to.include(value);
  });

  it('the newest file wins: a later version of a mark replaces the older, a deletion drops it', async () => {
    const notice = await readFile(INPI_MARK_DIOR, 'utf8');
    await writeFile(path.join(dir, 'FR_FRNEWST66_2026-15.xml'), notice);
    await writeFile(
      path.join(dir, 'FR_FRNEWST66_2026-16.xml'),
      notice.replace('Marque enregistrée', 'Marque renouvelée'),
    );
    const first = await ingest([dir]);
    expect(first.counts).to.include({ rows: 1 });
    expect(first.report).to.deep.include({ versionsAnterieures: 1 });
    const records = await recordsOf('marque', 'FR5189659');
    expect(records).to.have.length(1);
    expect(records[0]).to.include({ MarkCurrentStatusCode: 'Marque renouvelée' });
    // The block names the newest file, whose version was read.
    const [block] = await blocks();
    expect(block!.data.fileSha256).to.equal(
      (first.report as { fichiers: { nom: string; sha256: string }[] }).fichiers.find(
        (f) => f.nom === 'FR_FRNEWST66_2026-16.xml',
      )!.sha256,
    );
    await writeFile(
      path.join(dir, 'FR_FRNEWST66_2026-17.xml'),
      notice.replace('operationCode="Update"', 'operationCode="Delete"'),
    );
    const second = await ingest([dir], '2026-12-02');
    expect(second.counts).to.include({ rows: 0, dropped: 1 });
    expect(second.report).to.deep.include({ marquesSupprimees: 1, versionsAnterieures: 2 });
  });

  it('reads the XML entries of a ZIP archive as they stream', async () => {
    const file = path.join(dir, 'FR_FRNEWST36_2026-16.zip');
    await writeZip(file, [
      { name: 'FR_FRNEWST36/2706406.xml', content: await readFile(INPI_PATENT_2706406) },
      { name: 'FR_FRNEWST36/FR5189659.xml', content: await readFile(INPI_MARK_DIOR) },
      { name: 'FR_FRNEWST36/README.txt', content: Buffer.from('not xml') },
    ]);
    const done = await ingest([file]);
    expect(done.counts).to.include({ rows: 2, recorded: 2 });
    expect(done.report).to.deep.include({ fichiersLus: 2, brevetsLus: 1, marquesLues: 1 });
    // The archive's SHA-256, each title's entry and its line within that entry.
    const zipSha256 = (done.report as { fichiers: { sha256: string }[] }).fichiers[0]!.sha256;
    expect(
      (await blocks()).map((b) => ({
        file: b.data.fileSha256,
        entries: b.data.entries,
        lines: b.data.lines,
      })),
    ).to.have.deep.members([
      { file: zipSha256, entries: ['FR_FRNEWST36/2706406.xml'], lines: [2] },
      { file: zipSha256, entries: ['FR_FRNEWST36/FR5189659.xml'], lines: [2] },
    ]);
  });

  it('sets aside a document that is not well-formed XML, and a title with no holder’s SIREN is not kept', async () => {
    await writeFile(path.join(dir, 'broken.xml'), '<TradeMark><ApplicationNumber>1</Applicat');
    const text = await readFile(INPI_PATENT_2706406, 'utf8');
    await writeFile(
      path.join(dir, '2706407.xml'),
      text.replace(/<iid>\d+<\/iid>/g, '<iid/>').replace('id="9307182"', 'id="9307183"'),
    );
    const done = await ingest([dir]);
    expect(done.counts).to.include({ rows: 0 });
    expect(done.report).to.deep.include({ lignesEcartees: 1, titresSansSiren: 1 });
  });
});
