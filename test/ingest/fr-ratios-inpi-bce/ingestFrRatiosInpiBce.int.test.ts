import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { ENTITY_RECORDED, type EntityRecordedData } from '../../../schemas/events/entityEvents.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../../schemas/events/frRatiosInpiBceEvents.ts';
import { RATIOS_SAMPLE } from '../../api/lister/listerService.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

describe(`Ratios INPI-BCE ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (snapshotDate: string) =>
    ingestFrRatiosInpiBce({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: RATIOS_SAMPLE,
      snapshotDate,
    });

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('records one exercise per readable row, keyed by SIREN, closing date and statement type', async () => {
    const done = await ingest('2026-11-01');
    expect(done.counts).to.include({ rows: 36, recorded: 36, changed: 0, dropped: 0 });
    const events = await bed.store.readStream(`${FR_RATIOS_INPI_BCE_REGISTER}-552032534`);
    expect(events).to.have.length(10);
    const k2022 = events.find((e) => (e.data as EntityRecordedData).id === '552032534-2022-12-31-K');
    expect(k2022?.type).to.equal(ENTITY_RECORDED);
    expect((k2022!.data as EntityRecordedData).record).to.include({
      siren: '552032534',
      chiffre_d_affaires: '24281000000',
      type_bilan: 'K',
      confidentiality: 'Public',
    });
  });

  it('keeps values as published: empty cells null, decimals as written, the BOM out of the first column name', async () => {
    await ingest('2026-11-01');
    const [first] = await bed.store.readStream(`${FR_RATIOS_INPI_BCE_REGISTER}-487444697`);
    const record = (first!.data as EntityRecordedData).record;
    expect(record).to.have.property('siren', '487444697');
    expect(Object.keys(record).some((k) => k.startsWith('\ufeff'))).to.equal(false);
    const e2019 = (await bed.store.readStream(`${FR_RATIOS_INPI_BCE_REGISTER}-487444697`)).find(
      (e) => (e.data as EntityRecordedData).id === '487444697-2019-12-31-C',
    );
    expect((e2019!.data as EntityRecordedData).record).to.include({
      ratio_de_liquidite: '241.477',
      credit_clients_jours: null,
      confidentiality: 'Partiellement confidentiel',
    });
  });

  it('sets aside a row whose SIREN is unreadable and says so in the pass report', async () => {
    const done = await ingest('2026-11-01');
    expect(done.report).to.deep.include({ lignesEcartees: 1, colonnesInconnues: [], colonnesAbsentes: [] });
    expect((done.report as { exemplesEcartes: { motif: string }[] }).exemplesEcartes[0]!.motif).to.equal(
      'siren illisible',
    );
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest('2026-11-01');
    const again = await ingest('2026-12-01');
    expect(again.counts).to.include({ rows: 36, recorded: 0, changed: 0, dropped: 0, unchanged: 36 });
  });
});
