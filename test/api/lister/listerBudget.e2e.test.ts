import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { getJson, startListerService } from './listerService.ts';

/**
 * The statement budget is PostgreSQL's `statement_timeout`, which the embedded PGlite (single-threaded
 * WebAssembly, no timer signals) does not enforce: this suite runs on the PostgreSQL server only.
 */
describe(`Companies list time budget (e2e, ${targetDescription})`, () => {
  let t: RunningService;

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    this.timeout(300_000);
    t = await startListerService({ statementBudgetMs: 300 });
  });
  after(async () => {
    await t?.stop();
  });

  it('a query still running at the end of the budget is refused 400 requete_trop_large', async () => {
    // Another session holds the table: the count waits, and the budget ends it.
    const trx = await t.db.knex.transaction();
    try {
      await trx.raw('lock table entreprises_liste in access exclusive mode');
      const started = Date.now();
      const a = await getJson(t, 'compter', { criteres: [{ champ: 'finances.ca', op: '>', valeur: 1 }] });
      expect(a.status, a.text).to.equal(400);
      expect(a.body).to.include({ error: 'requete_trop_large', champ: 'criteres', indice: null, nom: null });
      expect(Date.now() - started).to.be.lessThan(5000);
    } finally {
      await trx.rollback();
    }
  });

  it('the same query within the budget is answered', async () => {
    const a = await getJson(t, 'lister', { criteres: [{ champ: 'finances.ca', op: '>', valeur: 1 }] });
    expect(a.status).to.equal(200);
    expect(a.body.nombre_resultats).to.be.greaterThan(0);
  });

  it('the budget binds the list routes only: the rest of the service may run a longer statement', async () => {
    await t.db.knex.raw('select pg_sleep(0.5)');
    const a = await getJson(t, 'compter', { criteres: [{ champ: 'finances.ca', op: '>', valeur: 1 }] });
    expect(a.status).to.equal(200);
    await t.db.knex.raw('select pg_sleep(0.5)');
  });
});
