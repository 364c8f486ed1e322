import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { rechercheBody } from '../../../api/routes/recherche.ts';
import { withLiveFallback } from '../../../api/routes/rechercheFallback.ts';
import { sireneApiSearchFromConfig } from '../../../ingest/fr-sirene/frSireneApi.ts';
import type { SearchOutcome } from '../../../projections/fr-sirene-recherche/searchCompanies.ts';
import { targetDescription } from '../../support/database.ts';
import { type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import type { RunningService } from '../../support/service.ts';
import { startRechercheService } from './rechercheService.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const RECORDED = readFileSync(
  path.resolve(here, '../../fixtures/fr-sirene-api/siret_raisonSociale_SUCRERIES_MARQUENTERRE.json'),
);
const KEY = 'integration-key-never-logged';
const request = { text: 'SUCRERIES MARQUENTERRE', siren: null, limit: 10 };
/** What the index gives when its approximate stage was cancelled and the exact one found nothing. */
const abandoned: SearchOutcome = { companies: [], total: 0, abandoned: ['nom_approchant'] };

describe(`Search: real-time fallback to INSEE's API Sirene (integration, ${targetDescription})`, () => {
  let t: RunningService;
  let upstream: ReplayServer;
  const api = () =>
    sireneApiSearchFromConfig({ key: KEY, url: upstream.url, timeoutMs: 1500 }, { store: t.service.store });

  before(async function () {
    this.timeout(120_000);
    t = await startRechercheService();
  });
  after(() => t.stop());
  beforeEach(async () => {
    upstream = await startReplayServer(({ url }) =>
      url.pathname === '/siret' ? { status: 200, body: RECORDED } : { status: 404, body: '{}' },
    );
  });
  afterEach(() => upstream.close());

  it('an abandoned stage is covered by the API: results, not partial, repli_temps_reel', async () => {
    const { outcome, fallback } = await withLiveFallback(abandoned, request, api());
    const body = rechercheBody(outcome, fallback);
    expect(body).to.include({ resultats_partiels: false, repli_temps_reel: true });
    expect(body.etages_abandonnes).to.deep.equal(['nom_approchant']);
    const resultats = body.resultats as { siren: string; score_confiance: number }[];
    expect(resultats.map((r) => r.siren)).to.deep.equal(['005420120', '990000002']);
    expect(resultats[0]).to.deep.include({
      denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
      etat_administratif: 'actif',
      commune_siege: 'MARCONNELLE',
      code_postal_siege: '62140',
    });
  });

  it('asks for head offices whose name holds every word, with the key in its header only', async () => {
    await withLiveFallback(abandoned, request, api());
    const asked = new URL(upstream.requests[0]!.url, 'http://x');
    expect(asked.searchParams.get('q')).to.equal(
      'raisonSociale:SUCRERIES AND raisonSociale:MARQUENTERRE AND etablissementSiege:true',
    );
    expect(upstream.requests[0]!.headers['x-insee-api-key-integration']).to.equal(KEY);
  });

  it('never serves a sole proprietor nor a partially diffusible unit the API returns', async () => {
    const { outcome, fallback } = await withLiveFallback(abandoned, request, api());
    const text = JSON.stringify(rechercheBody(outcome, fallback));
    expect(text).not.to.match(/WATTEBLED|GEORGES|005410220|990000200|\[ND\]/);
  });

  it('scores live names with the index’s forms: same key as the exact stage is 1, another name below', async () => {
    const { outcome } = await withLiveFallback(abandoned, request, api());
    const scores = Object.fromEntries(outcome.companies.map((c) => [c.siren, c.pertinence]));
    // « SOCIETE DES … DU … » has the query's key once the legal form and small words are set aside.
    expect(scores['005420120']).to.equal(1);
    expect(scores['990000002']).to.be.above(0).and.below(1);
  });

  it('what the completed stages found is kept, and a company both found is not listed twice', async () => {
    const indexed: SearchOutcome = {
      companies: [
        {
          siren: '005420120',
          denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
          etat: 'A',
          activite_principale: '70.10Z',
          commune: 'MARCONNELLE',
          code_postal: '62140',
          pertinence: 1,
        },
      ],
      total: 1,
      abandoned: ['nom_approchant'],
    };
    const { outcome } = await withLiveFallback(indexed, request, api());
    expect(outcome.companies.map((c) => c.siren)).to.deep.equal(['005420120', '990000002']);
    expect(outcome.companies[0]!.pertinence).to.equal(1);
    expect(outcome.totalIsLowerBound).to.equal(true);
  });

  it('the API’s answer is in the log before it is served, without the key', async () => {
    await withLiveFallback(abandoned, { ...request, text: 'SUCRERIES MARQUENTERRE LOG' }, api());
    const { rows } = await t.db.knex.raw(
      `select data::text as data from events where type = 'LiveRecordObserved'`,
    );
    const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
    expect(log).to.contain('raisonSociale%3ALOG');
    expect(log).not.to.contain(KEY);
  });

  it('an API down: the answer is partial as before (or 503 recherche_indisponible when nothing was found)', async () => {
    upstream.answer = () => ({ status: 503 });
    const { outcome, fallback } = await withLiveFallback(abandoned, { ...request, text: 'AUTRE' }, api());
    expect(fallback).to.include({ answered: false });
    expect(() => rechercheBody(outcome, fallback))
      .to.throw()
      .with.property('code', 'recherche_indisponible');
  });

  it('no 404 from the API is an outage: it means no unit matches', async () => {
    upstream.answer = () => ({
      status: 404,
      body: '{"header":{"statut":404,"message":"Aucun élément trouvé"}}',
    });
    const { outcome, fallback } = await withLiveFallback(
      abandoned,
      { ...request, text: 'INTROUVABLE' },
      api(),
    );
    const body = rechercheBody(outcome, fallback);
    expect(body).to.include({ resultats_partiels: false, repli_temps_reel: true, total_results: 0 });
  });

  it('without a configured key there is no fallback', () => {
    expect(
      sireneApiSearchFromConfig(
        { key: null, url: upstream.url, timeoutMs: 1500 },
        { store: t.service.store },
      ),
    ).to.be.null;
  });
});
