import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrEgapro } from '../../../ingest/fr-egapro/ingestFrEgapro.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { EGAPRO_INDEX_TABLE, egaproProjection } from '../../../projections/fr-egapro/egaproProjection.ts';
import { EGAPRO_CURRENT, EGAPRO_FIRST } from '../../ingest/fr-egapro/egaproFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`Egapro projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([egaproProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    const deps = { knex: bed.knex, store: bed.store, logger: testLogger };
    await ingestFrEgapro({ ...deps, file: EGAPRO_FIRST, snapshotDate: '2026-10-01' });
    await ingestFrEgapro({ ...deps, file: EGAPRO_CURRENT, snapshotDate: '2026-11-01' });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds the last pass: one row per SIREN and year, NC as a null note, UES members listed', async () => {
    const { rows } = await bed.knex.raw(
      `select id, note, non_calculable, est_ues, ues_nom, ues_membres from ${EGAPRO_INDEX_TABLE} order by id`,
    );
    expect(rows.map((r: { id: string }) => r.id)).to.deep.equal([
      '123456782-2021',
      '356000000-2018',
      '356000000-2019',
      '356000000-2020',
      '356000000-2021',
      '356000000-2022',
      '501615355-2023',
    ]);
    expect(rows[0]).to.deep.include({ note: null, non_calculable: true, est_ues: false });
    expect(rows[6]).to.deep.include({
      note: 99,
      est_ues: true,
      ues_nom: 'UES OCS OPTV OS',
      ues_membres: ['539311373', '440419240'],
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, EGAPRO_INDEX_TABLE);
    await runner.rebuild(egaproProjection.name);
    expect(await tableChecksum(bed.knex, EGAPRO_INDEX_TABLE)).to.equal(before);
  });
});
