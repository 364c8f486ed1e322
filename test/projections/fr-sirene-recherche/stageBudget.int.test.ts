import { expect } from 'chai';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { runStage } from '../../../projections/fr-sirene-recherche/stageBudget.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

describe(`search stage budget (${targetDescription})`, () => {
  let db: Database;
  before(async () => {
    db = await freshDatabase();
  });
  after(() => db.close());

  it('a stage within its budget returns its rows, with its settings applied locally', async () => {
    const outcome = await runStage(
      db.knex,
      1000,
      async (trx) => (await trx.raw("select current_setting('application_name') as a")).rows[0].a,
      { application_name: 'etage_test' },
    );
    expect(outcome).to.deep.equal({ ok: true, value: 'etage_test' });
  });

  it('a stage over its budget is cancelled by the server and reported abandoned (PostgreSQL server)', async function () {
    // PGlite does not enforce statement_timeout (one single-threaded session): nothing can cancel there.
    if (!process.env.DATABASE_URL) this.skip();
    const started = Date.now();
    const outcome = await runStage(db.knex, 50, (trx) => trx.raw('select pg_sleep(2)'));
    expect(outcome).to.deep.equal({ ok: false, reason: 'delai_depasse' });
    expect(Date.now() - started).to.be.below(1500);
  });

  it('any other failure is thrown, not taken for an abandoned stage', async () => {
    let error: unknown = null;
    await runStage(db.knex, 1000, (trx) => trx.raw('select * from no_such_table')).catch((e: unknown) => {
      error = e;
    });
    expect(error).to.be.instanceOf(Error);
  });
});
