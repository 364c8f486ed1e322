import { expect } from 'chai';
import { readConventionsCollectives } from '../../../api/routes/entreprise/readConventionsCollectives.ts';
import { readIndexEgapro } from '../../../api/routes/entreprise/readIndexEgapro.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { frEgaproDemo } from '../../../ingest/fr-egapro/frEgaproDemo.ts';
import { frSiretIdccDemo } from '../../../ingest/fr-siret-idcc/frSiretIdccDemo.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { egaproProjection } from '../../../projections/fr-egapro/egaproProjection.ts';
import { siretIdccProjection } from '../../../projections/fr-siret-idcc/siretIdccProjection.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

describe(`Egapro and SIRET-IDCC demo data (${targetDescription})`, () => {
  let bed: TestBed;

  before(async () => {
    bed = await openTestBed([egaproProjection, siretIdccProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    const deps = { knex: bed.knex, store: bed.store, logger: testLogger };
    await frEgaproDemo.seed(deps);
    await frSiretIdccDemo.seed(deps);
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('a company of the Sirene demo shows its index and its agreements on the day the demo is seeded', async () => {
    const index = await readIndexEgapro(bed.knex, '005520176');
    expect(index.value).to.deep.equal([
      { annee: 2023, note: 85 },
      { annee: 2022, note: null },
    ]);
    const conventions = await readConventionsCollectives(bed.knex, '005520176');
    expect(conventions.value!.conventions_collectives).to.deep.equal(['1486', '9998']);
    expect(conventions.provenance[0]!.version).to.match(/^demo-\d{4}-\d{2}-\d{2}$/);
  });
});
