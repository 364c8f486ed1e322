import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrSiretIdcc } from '../../../ingest/fr-siret-idcc/ingestFrSiretIdcc.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  SIRET_IDCC_TABLE,
  siretIdccProjection,
} from '../../../projections/fr-siret-idcc/siretIdccProjection.ts';
import { IDCC_2019 } from '../../ingest/fr-siret-idcc/siretIdccFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`SIRET-IDCC projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([siretIdccProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrSiretIdcc({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: IDCC_2019,
      snapshotDate: '2026-11-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds every row of the file with its SIREN, the IDCC on 4 digits and the DSN month', async () => {
    const { rows } = await bed.knex.raw(`select count(*)::int as n from ${SIRET_IDCC_TABLE}`);
    expect(rows[0].n).to.equal(66);
    const laPoste = await bed.knex.raw(
      `select siren, siret, idcc, mois from ${SIRET_IDCC_TABLE} where siren = ?`,
      ['356000000'],
    );
    expect(laPoste.rows).to.deep.equal([
      { siren: '356000000', siret: '35600000000952', idcc: '5516', mois: '2019-04' },
    ]);
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, SIRET_IDCC_TABLE);
    await runner.rebuild(siretIdccProjection.name);
    expect(await tableChecksum(bed.knex, SIRET_IDCC_TABLE)).to.equal(before);
  });
});
