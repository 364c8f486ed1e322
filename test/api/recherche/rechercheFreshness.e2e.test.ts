import { expect } from 'chai';
import { rechercheRoute } from '../../../api/routes/recherche.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { rechercheProjection } from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

async function startAt(now: string): Promise<RunningService> {
  return startTestService({
    projections: [rechercheProjection],
    routes: [rechercheRoute],
    registers: REGISTERS,
    payment: false,
    now: () => new Date(now),
  });
}

describe(`GET /v1/recherche freshness (e2e, ${targetDescription})`, () => {
  let t: RunningService | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it('before the first Sirene pass completes, answers 503 collecte_en_cours', async () => {
    t = await startAt('2026-11-20T10:00:00Z');
    const res = await fetch(`${t.baseUrl}/v1/recherche?q=sodipa`);
    expect(res.status).to.equal(503);
    expect(((await res.json()) as { error: string }).error).to.equal('collecte_en_cours');
  });

  it('a Sirene stock older than 45 days answers 503 stock_perime', async () => {
    t = await startAt('2026-12-20T10:00:00Z');
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-01' });
    await t.service.runner.caughtUp();
    const res = await fetch(`${t.baseUrl}/v1/recherche?q=sodipa`);
    expect(res.status).to.equal(503);
    expect(((await res.json()) as { error: string }).error).to.equal('stock_perime');
  });
});
