import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrSiretIdcc } from '../../../ingest/fr-siret-idcc/ingestFrSiretIdcc.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_SIRET_IDCC_REGISTER, frSiretIdccStreamOf } from '../../../schemas/events/frSiretIdccEvents.ts';
import { type SnapshotStartedData, snapshotStreamId } from '../../../schemas/events/snapshotEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { IDCC_2019, IDCC_LOWER_CASE } from './siretIdccFixtures.ts';

describe(`SIRET-IDCC ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (file: string, snapshotDate = '2026-11-01') =>
    ingestFrSiretIdcc({ knex: bed.knex, store: bed.store, logger: testLogger, file, snapshotDate });

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('records each establishment and agreement once, keyed by SIRET and the 4-digit IDCC', async () => {
    const done = await ingest(IDCC_2019);
    expect(done.counts).to.include({ rows: 66, recorded: 66, dropped: 0 });
    expect(done.report).to.deep.include({ entete: ['MOIS', 'SIRET', 'IDCC', 'DATE_MAJ'], lignesEcartees: 0 });
    const { rows } = await bed.knex.raw<{ rows: { entity_id: string }[] }>(
      'select entity_id from ingest_digests where register = ? and entity_id like ? order by entity_id',
      [FR_SIRET_IDCC_REGISTER, '788059376%'],
    );
    // One establishment declares two codes, one of them published as "0".
    expect(rows.map((r) => r.entity_id)).to.deep.equal(['78805937600194-0000', '78805937600194-0413']);
  });

  it('stores the IDCC trimmed of its padding, in the columns named once whatever the header', async () => {
    await ingest(IDCC_2019);
    const [started] = await bed.store.readStream(snapshotStreamId(FR_SIRET_IDCC_REGISTER));
    expect((started!.data as SnapshotStartedData).columns).to.deep.equal({
      convention: ['mois', 'siret', 'idcc', 'date_maj'],
    });
    const [entity] = await recordedEntities(
      bed.store,
      FR_SIRET_IDCC_REGISTER,
      frSiretIdccStreamOf,
      `${FR_SIRET_IDCC_REGISTER}-384569794`,
    );
    expect(entity).to.deep.include({
      kind: 'convention',
      id: '38456979400017-1505',
      values: ['2019-04', '38456979400017', '1505', '2019/06/15'],
    });
  });

  it('reads the lower-case header with a BOM as the same rows: a second pass finds nothing changed', async () => {
    await ingest(IDCC_2019);
    const again = await ingest(IDCC_LOWER_CASE, '2026-12-01');
    expect(again.counts).to.include({ rows: 66, recorded: 0, changed: 0, dropped: 0, unchanged: 66 });
    expect(again.report).to.deep.include({ entete: ['mois', 'siret', 'idcc', 'datemaj'] });
  });
});
