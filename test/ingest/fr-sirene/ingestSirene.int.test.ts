import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrSirene, type SireneReport } from '../../../ingest/fr-sirene/ingestFrSirene.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { createValuesExpander } from '../../../projections/core/entityValuesUpcaster.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_SIRENE_REGISTER } from '../../../schemas/events/frSireneEvents.ts';
import { snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { removeTempDirs, samples, tempDir, writeCsv } from '../../support/sireneFiles.ts';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from '../../support/sireneSample.ts';

const sha256Of = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');

describe(`Sirene ingester (${targetDescription})`, () => {
  after(() => removeTempDirs());

  let bed: TestBed;
  beforeEach(async () => {
    bed = await openTestBed([unitesLegalesProjection, etablissementsProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  const ingest = (
    over: {
      unitesLegales?: string;
      etablissements?: string;
      version?: string;
      oneEventPerRow?: boolean;
      recordAll?: boolean;
    } = {},
  ) =>
    ingestFrSirene({
      oneEventPerRow: over.oneEventPerRow ?? false,
      recordAll: over.recordAll ?? false,
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      unitesLegales: over.unitesLegales ?? UNITES_LEGALES_SAMPLE,
      etablissements: over.etablissements ?? ETABLISSEMENTS_SAMPLE,
      version: 'version' in over ? over.version : '2026-11-01',
      progress: false,
    });
  // As the read side reads them: its upcaster turns the rows stored as values back into records.
  const entityEvents = async (from = 0n) =>
    (await createValuesExpander(bed.knex)(await bed.store.readAll(from))).filter((e) =>
      e.type.startsWith('Entity'),
    );

  it('records every unit and establishment of the real samples on the company streams, one event per row', async () => {
    const done = await ingest({ oneEventPerRow: true });
    expect(done.counts).to.deep.equal({ rows: 599, recorded: 599, changed: 0, dropped: 0, unchanged: 0 });
    const events = await entityEvents();
    expect(events).to.have.length(599);
    const unit = events.find((e) => (e.data as { id: string }).id === '005420021')!;
    expect(unit.streamId).to.equal('fr.sirene-005420021');
    expect(unit.data).to.deep.include({ register: FR_SIRENE_REGISTER, kind: 'unite_legale' });
    const estab = events.find((e) => (e.data as { id: string }).id === '00542002100056')!;
    expect(estab.streamId).to.equal('fr.sirene-005420021');
    expect(estab.metadata).to.include({ register: FR_SIRENE_REGISTER, snapshotVersion: '2026-11-01' });
  });

  it('stores each row as its values under the columns its pass declares once, and reads it back as the row', async () => {
    const done = await ingest({ oneEventPerRow: true });
    const [started] = await bed.store.readStream(snapshotStreamId(FR_SIRENE_REGISTER));
    const columns = (started!.data as { columns: Record<string, string[]> }).columns;
    const csv = await samples.unites();
    expect(columns.unite_legale).to.deep.equal([...csv.header].sort());
    const stored = (
      await bed.knex.raw(
        `select data, metadata->>'pass' as pass, metadata->>'fileSha256' is not null as file_sha from events where type = 'EntityRecorded' and data->>'id' = ?`,
        ['005420021'],
      )
    ).rows[0] as { data: { values: (string | null)[]; record?: unknown }; pass: string; file_sha: boolean };
    expect(stored.data.record).to.equal(undefined);
    expect(stored.pass).to.equal(String(started!.position));
    expect(stored.file_sha, 'the file SHA-256 is stored once, in SnapshotStarted').to.equal(false);
    expect(JSON.stringify(stored.data)).to.not.contain('denominationUniteLegale');
    const row = csv.rows.find((r) => r.siren === '005420021')!;
    const unit = (await entityEvents()).find((e) => (e.data as { id: string }).id === '005420021')!;
    expect((unit.data as { record: unknown }).record).to.deep.equal(
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' ? null : v])),
    );
    expect(unit.metadata).to.include({ fileSha256: done.fileSha256, snapshotVersion: '2026-11-01' });
  });

  it('frames the pass with the stock date and the manifest SHA-256, and keeps each file’s SHA-256', async () => {
    const done = await ingest();
    const frame = await bed.store.readStream(snapshotStreamId(FR_SIRENE_REGISTER));
    expect(frame.map((e) => e.type)).to.deep.equal(['SnapshotStarted', 'SnapshotCompleted']);
    const units = await sha256Of(UNITES_LEGALES_SAMPLE);
    const estabs = await sha256Of(ETABLISSEMENTS_SAMPLE);
    // Sorted by file name: StockEtablissement_... before StockUniteLegale_...
    const manifest = `${estabs}  ${path.basename(ETABLISSEMENTS_SAMPLE)}\n${units}  ${path.basename(UNITES_LEGALES_SAMPLE)}\n`;
    expect(done.fileSha256).to.equal(createHash('sha256').update(manifest).digest('hex'));
    expect(frame[0]!.data).to.include({
      version: '2026-11-01',
      snapshotDate: '2026-11-01',
      fileSha256: done.fileSha256,
    });
    const report = done.report as SireneReport;
    expect(report.versionSource).to.equal('option');
    expect(report.files.map((f) => [f.kind, f.sha256, f.rows])).to.deep.equal([
      ['unite_legale', units, 300],
      ['etablissement', estabs, 299],
    ]);
  });

  it('emits no entity event when the same files are ingested again', async () => {
    await ingest();
    const head = await bed.store.headPosition();
    const again = await ingest({ version: '2026-12-01' });
    expect(again.counts).to.deep.equal({ rows: 599, recorded: 0, changed: 0, dropped: 0, unchanged: 599 });
    expect(await entityEvents(head)).to.deep.equal([]);
  });

  it('emits only the rows that changed and the rows that disappeared', async () => {
    await ingest();
    const head = await bed.store.headPosition();
    const dir = await tempDir();
    const units = await samples.unites();
    units.rows.find((r) => r.siren === '005420021')!.denominationUniteLegale = 'BIQUEZ ET FILS';
    units.rows = units.rows.filter((r) => r.siren !== '005420013');
    const file = await writeCsv(dir, 'StockUniteLegale_utf8.csv', units);
    const done = await ingest({ unitesLegales: file, version: '2026-12-01' });
    expect(done.counts).to.include({ changed: 1, dropped: 1, recorded: 0 });
    const events = await entityEvents(head);
    expect(events.map((e) => [e.type, (e.data as { id: string }).id])).to.deep.equal([
      ['EntityChanged', '005420021'],
      ['EntityDropped', '005420013'],
    ]);
  });

  it('writes no event at all when a file lacks a required column', async () => {
    const dir = await tempDir();
    const estabs = await samples.etablissements();
    estabs.header = estabs.header.filter((h) => h !== 'etablissementSiege');
    const file = await writeCsv(dir, 'StockEtablissement_utf8.csv', estabs);
    const error = await ingest({ etablissements: file }).catch((err: Error) => err);
    expect((error as Error).message).to.contain('etablissementSiege');
    expect(await bed.store.headPosition()).to.equal(0n);
  });

  it('dates the stock from the file names when no version is given', async () => {
    const dir = await tempDir();
    const units = path.join(dir, '2026-11-01-StockUniteLegale_utf8.csv');
    const estabs = path.join(dir, '2026-11-01-StockEtablissement_utf8.csv');
    await fs.copyFile(UNITES_LEGALES_SAMPLE, units);
    await fs.copyFile(ETABLISSEMENTS_SAMPLE, estabs);
    const done = await ingest({ unitesLegales: units, etablissements: estabs, version: undefined });
    expect(done.version).to.equal('2026-11-01');
    expect((done.report as SireneReport).versionSource).to.equal('nom_de_fichier');
  });

  it('dates the stock from the newest dateDernierTraitement when nothing else dates it', async () => {
    const dir = await tempDir();
    const units = path.join(dir, 'StockUniteLegale_utf8.csv');
    const estabs = path.join(dir, 'StockEtablissement_utf8.csv');
    await fs.copyFile(UNITES_LEGALES_SAMPLE, units);
    await fs.copyFile(ETABLISSEMENTS_SAMPLE, estabs);
    const done = await ingest({ unitesLegales: units, etablissements: estabs, version: undefined });
    // Establishments were all processed on 2024-03-22, later than any unit of the 2022 sample.
    expect(done.version).to.equal('2024-03-22');
    expect((done.report as SireneReport).versionSource).to.equal('date_dernier_traitement');
  });
});
