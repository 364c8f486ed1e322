import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { cachedExtensionSchema } from '../../../ops/database/extensions.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { rechercheProjection } from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import { VOCABULAIRE_TABLE } from '../../../projections/fr-sirene-recherche/rechercheSchema.ts';
import { searchCompanies } from '../../../projections/fr-sirene-recherche/searchCompanies.ts';
import {
  freshDatabaseWithExtensionsOutsidePath,
  OUTSIDE_SCHEMA,
  targetDescription,
} from '../../support/database.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

const SBTP = '005480082';

describe(`French search with pg_trgm and unaccent outside the search_path (${targetDescription})`, () => {
  let bed: TestBed;
  before(async () => {
    bed = await openTestBed([rechercheProjection], { db: await freshDatabaseWithExtensionsOutsidePath() });
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestSireneSample(bed);
    await bed.runner().catchUp();
  });
  after(() => bed?.close());

  const search = (text: string) => searchCompanies(bed.knex, { text, identifier: null, limit: 10 });

  it('the extensions are out of reach of unqualified names: pg_trgm lives in its own schema', async () => {
    expect(await cachedExtensionSchema(bed.knex, 'pg_trgm')).to.equal(`"${OUTSIDE_SCHEMA}"`);
    const { rows } = await bed.knex.raw<{ rows: { path: string }[] }>(
      "select current_setting('search_path') as path",
    );
    expect(rows[0]!.path).not.to.contain(OUTSIDE_SCHEMA);
    let error: unknown = null;
    await bed.knex.raw("select 'bretonne'::text % 'bretone'::text").catch((e: unknown) => {
      error = e;
    });
    expect(String(error)).to.contain('operator does not exist');
  });

  it('an exact name, a name with typos and a word of a name are found, as with the extensions in reach', async () => {
    const exact = await search('ETABLISSEMENTS MERCIER');
    expect(exact.companies[0]).to.include({ siren: '005520077', pertinence: 1 });
    const typos = await search('societe bretone de traveaux public');
    expect(typos.abandoned).to.deep.equal([]);
    expect(typos.companies.slice(0, 3).map((c) => c.siren)).to.include(SBTP);
    expect(typos.companies.find((c) => c.siren === SBTP)!.pertinence).to.be.at.least(0.5);
    const word = await search('quincaillerie');
    expect(word.companies[0]!.siren).to.equal('005480231');
    expect(word.companies[0]!.pertinence).to.be.within(0.5, 0.99);
  });

  it("the vocabulary's trigram index serves the operator named through its schema", async () => {
    const plan = await bed.knex.transaction(async (trx) => {
      // A tiny vocabulary would rather be read whole: forbid that to see the index is usable.
      await trx.raw('set local enable_seqscan = off');
      await trx.raw('set local enable_indexscan = off');
      await trx.raw('set local enable_indexonlyscan = off');
      const { rows } = await trx.raw<{ rows: Record<string, string>[] }>(
        `explain select mot from ${VOCABULAIRE_TABLE} where mot operator(${OUTSIDE_SCHEMA}.%) ?`,
        ['bretone'],
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).to.contain(`${VOCABULAIRE_TABLE}_trgm`);
  });
});
