import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestEuTed } from '../../../ingest/eu-ted/ingestEuTed.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { euTedProjection, TED_AVIS_TABLE } from '../../../projections/eu-ted/euTedProjection.ts';
import { TED_FIXTURES } from '../../ingest/eu-ted/tedFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`TED projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([euTedProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestEuTed({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      paths: [TED_FIXTURES],
      snapshotDate: '2026-12-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  const row = async (id: string) =>
    (await bed.knex.raw(`select * from ${TED_AVIS_TABLE} where id = ?`, [id])).rows[0];

  it('finds a notice by its winners’ SIRENs, a SIRET and a SIREN alike', async () => {
    const { rows } = await bed.knex.raw(
      `select id from ${TED_AVIS_TABLE} where attributaires_siren && array['344987276', '403625841']::text[]`,
    );
    expect(rows.map((r: { id: string }) => r.id)).to.deep.equal(['00251823-2024']);
    expect(await row('00251823-2024')).to.deep.include({
      date_publication: '2024-04-26',
      acheteur_nom: 'COMMUNE LE RAINCY',
      code_cpv: '79810000',
      attributaires_non_identifies: 0,
    });
  });

  it('keeps each award’s value in exact cents, a withheld one (`-1`) null', async () => {
    const capl = await row('404080-2018');
    expect(
      capl.attributions.map((a: { montant_centimes: string | null }) => a.montant_centimes),
    ).to.deep.equal(['462513740', '53587321', '36964837']);
    expect(capl.attributions[0]).to.deep.include({
      attributaires_siren: ['398762211', '402682991'],
      nombre_attributaires: 2,
    });
    const sncf = await row('00038918-2025');
    expect(sncf.attributaires_siren).to.deep.equal(['879997880']);
    expect(sncf.attributions[0]).to.deep.include({ montant_centimes: null, devise: 'EUR' });
    // No tender value published: none, never the notice's total or framework maximum.
    expect((await row('00413588-2025')).attributions[0]).to.deep.include({ montant_centimes: null });
  });

  it('a French winner published by name only matches no SIREN and is counted', async () => {
    expect(await row('155727-2021')).to.deep.include({
      attributaires_siren: [],
      attributaires_non_identifies: 1,
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, TED_AVIS_TABLE);
    await runner.rebuild(euTedProjection.name);
    expect(await tableChecksum(bed.knex, TED_AVIS_TABLE)).to.equal(before);
  });
});
