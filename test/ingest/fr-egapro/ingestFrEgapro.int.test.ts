import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrEgapro } from '../../../ingest/fr-egapro/ingestFrEgapro.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_EGAPRO_REGISTER, frEgaproStreamOf } from '../../../schemas/events/frEgaproEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { EGAPRO_CURRENT, EGAPRO_FIRST } from './egaproFixtures.ts';

describe(`Egapro ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (file: string, snapshotDate = '2026-11-01') =>
    ingestFrEgapro({ knex: bed.knex, store: bed.store, logger: testLogger, file, snapshotDate });
  const recordsOf = async (siren: string) =>
    (
      await recordedEntities(
        bed.store,
        FR_EGAPRO_REGISTER,
        frEgaproStreamOf,
        `${FR_EGAPRO_REGISTER}-${siren}`,
      )
    ).map((e) => ({ ...e, record: e.record ?? {} }));

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('records one declaration per SIREN and year, keyed <siren>-<année>, columns by their published names', async () => {
    const done = await ingest(EGAPRO_CURRENT);
    expect(done.counts).to.include({ rows: 7, recorded: 7, dropped: 0 });
    const laPoste = await recordsOf('356000000');
    expect(laPoste.map((d) => d.id).sort()).to.deep.equal([
      '356000000-2018',
      '356000000-2019',
      '356000000-2020',
      '356000000-2021',
      '356000000-2022',
    ]);
    expect(laPoste[0]!.record).to.include({
      SIREN: '356000000',
      'Note Index': '94',
      "Tranche d'effectifs": '1000 et plus',
      "Note Ecart taux d'augmentation": null,
    });
  });

  it('drops the BOM from the first column name and keeps NC as published', async () => {
    await ingest(EGAPRO_CURRENT);
    const [nc] = await recordsOf('123456782');
    expect(Object.keys(nc!.record)).to.include('Année');
    expect(Object.keys(nc!.record).some((k) => k.startsWith('\ufeff'))).to.equal(false);
    expect(nc!.record).to.include({ Année: '2021', 'Note Index': 'NC' });
  });

  it('sets aside a row whose SIREN is unreadable and reports the header generation', async () => {
    const done = await ingest(EGAPRO_CURRENT);
    expect(done.report).to.deep.include({ entete: 'courant', colonnesInconnues: [], lignesEcartees: 1 });
    expect((done.report as { exemplesEcartes: { motif: string }[] }).exemplesEcartes[0]!.motif).to.equal(
      'siren illisible',
    );
  });

  it('reads the first 17-column header by name too', async () => {
    const done = await ingest(EGAPRO_FIRST);
    expect(done.counts).to.include({ rows: 3, recorded: 3 });
    expect(done.report).to.deep.include({ entete: 'premier', colonnesInconnues: [], lignesEcartees: 0 });
    const [foreign] = await recordsOf('123456782');
    expect(foreign!.record).to.include({ Année: '2020', Pays: 'BELGIQUE', 'Note Index': '26' });
  });

  it('refuses a file without the SIREN, year or index columns before publishing anything', async () => {
    const failure = await ingest(EGAPRO_CURRENT.replace('index-egalite-fh-utf8.csv', 'SOURCE.txt')).then(
      () => null,
      (e: Error) => e,
    );
    expect(failure?.message).to.match(/not an Egapro export/);
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest(EGAPRO_CURRENT);
    const again = await ingest(EGAPRO_CURRENT, '2026-12-01');
    expect(again.counts).to.include({ rows: 7, recorded: 0, changed: 0, dropped: 0, unchanged: 7 });
  });
});
