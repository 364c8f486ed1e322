import { expect } from 'chai';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON documents walked member by member
type Json = any;

/** `/statut`: the facts of `/health` and of the register dictionary, for people (HTML) and as JSON. */
describe('GET /statut (e2e)', () => {
  let t: RunningService;
  before(async () => {
    t = await startDemoService({ demo: ['fr.sirene'] });
  });
  after(async () => {
    await t?.stop();
  });

  const statusJson = async (init?: RequestInit, query = '?format=json') => {
    const res = await fetch(`${t.baseUrl}/statut${query}`, init);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    return (await res.json()) as Json;
  };

  it('answers JSON to ?format=json and to Accept: application/json, never kept by a cache', async () => {
    const byQuery = await statusJson();
    const byAccept = await statusJson({ headers: { Accept: 'application/json' } }, '');
    expect(byAccept.registres.map((r: Json) => r.code)).to.deep.equal(
      byQuery.registres.map((r: Json) => r.code),
    );
    const res = await fetch(`${t.baseUrl}/statut?format=json`);
    expect(res.headers.get('cache-control')).to.equal('no-store');
  });

  it('lists every register of the dictionary, with its mode and last snapshot as the dictionary says', async () => {
    const status = await statusJson();
    const dictionary = (await (await fetch(`${t.baseUrl}/v1/provenance/registres`)).json()) as Json;
    expect(status.registres.map((r: Json) => r.code)).to.deep.equal(
      dictionary.registres.map((r: Json) => r.code),
    );
    for (const entry of dictionary.registres) {
      const r = status.registres.find((s: Json) => s.code === entry.code);
      expect(r.mode, entry.code).to.equal(entry.mode);
      expect(r.derniere_photo?.date_photo ?? null, entry.code).to.equal(
        entry.derniere_photo?.date_photo ?? null,
      );
    }
  });

  it('judges each copy against its threshold: the demo Sirene copy is fresh, a register never loaded has no snapshot', async () => {
    const status = await statusJson();
    const sirene = status.registres.find((r: Json) => r.code === 'fr.sirene');
    expect(sirene.mode).to.equal('copie_locale');
    expect(sirene.fraicheur.age_jours).to.equal(0);
    expect(sirene.fraicheur.etat).to.be.oneOf(['a_jour', 'sans_seuil']);
    expect(sirene.projections).to.include('fr-sirene-unites-legales');
    const latvia = status.registres.find((r: Json) => r.code === 'lv.ur');
    expect(latvia.derniere_photo).to.equal(null);
    expect(latvia.fraicheur).to.deep.equal({ etat: 'aucune_photo', age_jours: null, seuil_jours: 7 });
  });

  it('gives each register the lag /health gives its projections, and the same overall state', async () => {
    await t.service.runner.caughtUp();
    const health = (await (await fetch(`${t.baseUrl}/health`)).json()) as Json;
    const status = await statusJson();
    expect(status.statut).to.equal(health.statut);
    const sirene = status.registres.find((r: Json) => r.code === 'fr.sirene');
    const lags = health.projections
      .filter((p: Json) => sirene.projections.includes(p.nom))
      .map((p: Json) => BigInt(p.retard));
    expect(BigInt(sirene.retard_projection)).to.equal(lags.reduce((a: bigint, b: bigint) => (b > a ? b : a)));
  });

  it('keeps the lag read by /health and /statut as the last 24 hours’ samples', async () => {
    await fetch(`${t.baseUrl}/health`);
    const status = await statusJson();
    expect(status.retard_24h.length).to.be.greaterThan(0);
    const last = status.retard_24h.at(-1);
    expect(Date.parse(last.a)).to.be.within(Date.now() - 120_000, Date.now());
    expect(last.retard).to.be.a('number');
  });

  it('draws the registers as a table and the lag of 24 hours as a chart, in HTML by default', async () => {
    const res = await fetch(`${t.baseUrl}/statut`);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).to.include('<table id="registres"');
    expect(html).to.include('<code>fr.sirene</code>');
    expect(html).to.match(/<svg id="graphique-retard"[^>]*role="img"/);
    expect((html.match(/<rect class="barre"/g) ?? []).length).to.equal(24);
    expect(html).not.to.include('<script');
  });
});
