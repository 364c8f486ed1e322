import { expect } from 'chai';
import type { Knex } from 'knex';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  RECHERCHE_PROJECTION,
  rechercheProjection,
} from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import {
  RECHERCHE_TABLE,
  SEARCH_INDEXES,
  SIEGES_TABLE,
  VOCABULAIRE_TABLE,
} from '../../../projections/fr-sirene-recherche/rechercheSchema.ts';
import { searchCompanies } from '../../../projections/fr-sirene-recherche/searchCompanies.ts';
import { FR_SIRENE_REGISTER, UNITE_LEGALE } from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';
import { failingFrom, indexDefinitions, plannedRows, rowCount } from '../core/bulkLoadProbes.ts';
import { failureOf, openTestBed, type TestBed } from '../core/testBed.ts';

const TABLES = [RECHERCHE_TABLE, SIEGES_TABLE, VOCABULAIRE_TABLE];
const QUERIES = [
  'societe bretonne de travaux publics',
  'SOCIETE DE DISTRIBUTION DE PAPIER',
  'ETABLISSEMENTS MERCIER',
  'mercier etablissements',
  'eden cinema',
  'bretone travaux',
  'papier',
];

/** The search projection as it was before bulk loading: every row through the indexes and triggers. */
const rowByRow: Projection = { ...rechercheProjection };
delete rowByRow.bulkLoad;

async function searches(knex: Knex) {
  const answers = [];
  for (const text of QUERIES)
    answers.push(await searchCompanies(knex, { text, identifier: null, limit: 10 }));
  return answers;
}

async function checksums(knex: Knex): Promise<string[]> {
  return Promise.all(TABLES.map((t) => tableChecksum(knex, t)));
}

/** Each company's row version (`xmin`): it changes only when the row is written again. */
async function rowVersions(knex: Knex): Promise<Map<string, string>> {
  const { rows } = await knex.raw<{ rows: { siren: string; v: string }[] }>(
    `select siren, xmin::text as v from ${RECHERCHE_TABLE}`,
  );
  return new Map(rows.map((r) => [r.siren, r.v]));
}

describe(`search index loaded in bulk by its first pass (${targetDescription})`, function () {
  this.timeout(300_000);
  let bed: TestBed;
  let migrated: Record<string, string | null>;
  beforeEach(async () => {
    bed = await openTestBed([rechercheProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    migrated = await indexDefinitions(bed.knex, SEARCH_INDEXES);
  });
  afterEach(() => bed.close());

  async function firstPass(): Promise<void> {
    await ingestSireneSample(bed, { version: '2026-10-01' });
    await bed.runner().catchUp();
  }

  it('ends with every search index as the migrations define it', async () => {
    await firstPass();
    expect(Object.values(migrated).every((d) => d !== null)).to.equal(true);
    expect(await indexDefinitions(bed.knex, SEARCH_INDEXES)).to.deep.equal(migrated);
  });

  it('finds the same companies, in the same order, as an index loaded row by row', async () => {
    await firstPass();
    const bulk = { answers: await searches(bed.knex), tables: await checksums(bed.knex) };
    expect(bulk.answers[0]!.companies.map((c) => c.siren)).to.include('005480082');
    await bed.runner({ projections: [rowByRow] }).rebuild(RECHERCHE_PROJECTION);
    expect(await indexDefinitions(bed.knex, SEARCH_INDEXES)).to.deep.equal(migrated);
    expect({ answers: await searches(bed.knex), tables: await checksums(bed.knex) }).to.deep.equal(bulk);
  });

  it('holds every word of the indexed names in its vocabulary', async () => {
    await firstPass();
    const { rows } = await bed.knex.raw<{ rows: { missing: string; extra: string }[] }>(
      `select (select count(*) from (select distinct unnest(mots) as m from ${RECHERCHE_TABLE}) w
                where not exists (select 1 from ${VOCABULAIRE_TABLE} v where v.mot = w.m)) as missing,
              (select count(*) from ${VOCABULAIRE_TABLE} v
                where not exists (select 1 from ${RECHERCHE_TABLE} r where v.mot = any(r.mots))) as extra`,
    );
    expect(rows[0]).to.deep.equal({ missing: '0', extra: '0' });
    expect(await rowCount(bed.knex, VOCABULAIRE_TABLE)).to.be.greaterThan(100);
  });

  it('leaves its tables analysed: the planner knows their row counts', async () => {
    await firstPass();
    for (const table of TABLES) {
      expect(await plannedRows(bed.knex, table), table).to.equal(await rowCount(bed.knex, table));
    }
  });

  it('a crash in the middle of the first pass resumes from its checkpoint and ends with every index', async () => {
    await ingestSireneSample(bed, { version: '2026-10-01' });
    const head = await bed.store.headPosition();
    const crashed = bed.runner({
      projections: [failingFrom(rechercheProjection, head - 150n)],
      batchSize: 50,
    });
    await crashed.start();
    expect(await failureOf(crashed.caughtUp())).to.be.an('error');
    await crashed.stop();
    // Midway: rows written, the indexes left out, and nothing published a reader could be served from.
    expect(await rowCount(bed.knex, RECHERCHE_TABLE)).to.be.greaterThan(0);
    expect(Object.values(await indexDefinitions(bed.knex, SEARCH_INDEXES))).to.deep.equal(
      SEARCH_INDEXES.map(() => null),
    );
    const [state] = await readSnapshotStates(bed.knex, {
      projections: [RECHERCHE_PROJECTION],
      registers: [FR_SIRENE_REGISTER],
    });
    expect(state!.current).to.equal(null);

    await bed.runner().catchUp();
    expect(await indexDefinitions(bed.knex, SEARCH_INDEXES)).to.deep.equal(migrated);
    const resumed = await checksums(bed.knex);
    await bed.runner({ projections: [rowByRow] }).rebuild(RECHERCHE_PROJECTION);
    expect(await checksums(bed.knex)).to.deep.equal(resumed);
  });

  it('a monthly pass keeps every index while it is staged and rewrites only the company that changed', async () => {
    await firstPass();
    const before = await rowVersions(bed.knex);
    const renamed = '005480546';
    await ingestSireneSample(bed, {
      version: '2026-11-01',
      edit: (row) =>
        row.kind === UNITE_LEGALE && row.id === renamed
          ? { ...row, record: { ...row.record, denominationUniteLegale: 'PAPETERIE ZYGOMATIQUE' } }
          : row,
    });
    // Stopped before its completion: the pass is staged, the published index untouched and whole.
    const head = await bed.store.headPosition();
    const crashed = bed.runner({ projections: [failingFrom(rechercheProjection, head)], batchSize: 1 });
    await crashed.start();
    expect(await failureOf(crashed.caughtUp())).to.be.an('error');
    await crashed.stop();
    expect(await indexDefinitions(bed.knex, SEARCH_INDEXES)).to.deep.equal(migrated);
    expect(await rowVersions(bed.knex)).to.deep.equal(before);

    await bed.runner().catchUp();
    const after = await rowVersions(bed.knex);
    const rewritten = [...after].filter(([siren, v]) => before.get(siren) !== v).map(([siren]) => siren);
    expect(rewritten).to.deep.equal([renamed]);
    expect(await indexDefinitions(bed.knex, SEARCH_INDEXES)).to.deep.equal(migrated);
    const found = await searchCompanies(bed.knex, { text: 'zygomatique', identifier: null, limit: 10 });
    expect(found.companies.map((c) => c.siren)).to.deep.equal([renamed]);
  });
});
