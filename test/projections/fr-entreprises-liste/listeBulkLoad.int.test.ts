import { expect } from 'chai';
import type { Knex } from 'knex';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  LISTE_PROJECTION,
  listeProjection,
} from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import {
  LISTE_SERVED_INDEXES,
  LISTE_TABLE,
  LISTE_TABLES,
} from '../../../projections/fr-entreprises-liste/listeSchema.ts';
import { RATIOS_SAMPLE } from '../../api/lister/listerService.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';
import { failingFrom, indexDefinitions, plannedRows, rowCount } from '../core/bulkLoadProbes.ts';
import { failureOf, openTestBed, type TestBed } from '../core/testBed.ts';

/** The list projection as it was before bulk loading: every row through the twenty indexes. */
const rowByRow: Projection = { ...listeProjection };
delete rowByRow.bulkLoad;

async function checksums(knex: Knex): Promise<string[]> {
  return Promise.all(LISTE_TABLES.map((t) => tableChecksum(knex, t)));
}

describe(`companies list loaded in bulk by its first pass (${targetDescription})`, function () {
  this.timeout(300_000);
  let bed: TestBed;
  let migrated: Record<string, string | null>;
  beforeEach(async () => {
    bed = await openTestBed([listeProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    migrated = await indexDefinitions(bed.knex, LISTE_SERVED_INDEXES);
  });
  afterEach(() => bed.close());

  const ingestRatios = () =>
    ingestFrRatiosInpiBce({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: RATIOS_SAMPLE,
      snapshotDate: '2026-11-01',
    });

  it('writes the source tables only, and the served table with its criteria indexes when the Sirene pass completes', async () => {
    await ingestSireneSample(bed, { version: '2026-11-01' });
    const head = await bed.store.headPosition();
    const crashed = bed.runner({ projections: [failingFrom(listeProjection, head - 150n)], batchSize: 50 });
    await crashed.start();
    expect(await failureOf(crashed.caughtUp())).to.be.an('error');
    await crashed.stop();
    // Mid-pass only the source tables are written: every served row is computed once, when the pass completes.
    expect(await rowCount(bed.knex, 'liste_unites')).to.be.greaterThan(0);
    expect(await rowCount(bed.knex, LISTE_TABLE)).to.equal(0);
    expect(Object.values(await indexDefinitions(bed.knex, LISTE_SERVED_INDEXES))).to.deep.equal(
      LISTE_SERVED_INDEXES.map(() => null),
    );
    await bed.runner().catchUp();
    expect(await rowCount(bed.knex, LISTE_TABLE)).to.be.greaterThan(0);
    expect(Object.values(migrated).every((d) => d !== null)).to.equal(true);
    expect(await indexDefinitions(bed.knex, LISTE_SERVED_INDEXES)).to.deep.equal(migrated);
  });

  it('lists the same rows as a table loaded row by row, and the accounts pass after it keeps the indexes', async () => {
    await ingestSireneSample(bed, { version: '2026-11-01' });
    await bed.runner().catchUp();
    await ingestRatios();
    await bed.runner().catchUp();
    expect(await indexDefinitions(bed.knex, LISTE_SERVED_INDEXES)).to.deep.equal(migrated);
    const bulk = await checksums(bed.knex);
    await bed.runner({ projections: [rowByRow] }).rebuild(LISTE_PROJECTION);
    expect(await checksums(bed.knex)).to.deep.equal(bulk);
  });

  it('leaves its tables analysed: the planner knows their row counts', async () => {
    await ingestSireneSample(bed, { version: '2026-11-01' });
    await bed.runner().catchUp();
    for (const table of ['liste_unites', 'liste_sieges', LISTE_TABLE]) {
      expect(await plannedRows(bed.knex, table), table).to.equal(await rowCount(bed.knex, table));
    }
  });
});
