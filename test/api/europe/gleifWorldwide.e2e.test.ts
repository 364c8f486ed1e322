import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** The GLEIF demo: the real golden-copy extracts and the real JSON delta (ingest/gleif/demo/SOURCE.txt). */
describe(`Worldwide LEI entities (GLEIF) in the unified profile and the search (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-19', ['XX', 'SE']);
  });
  after(() => t.stop());

  it('an LEI entity of a country no national register covers is served by its LEI', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/US/00GBW0Z2GYIER7DHDS71`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'US',
      registre: 'GLEIF',
      id_national: '00GBW0Z2GYIER7DHDS71',
      denomination: 'ARISTEIA CAPITAL, L.L.C.',
      statut: 'actif',
      identifiants: { tva: null, lei: '00GBW0Z2GYIER7DHDS71' },
    });
    expect(body.adresse_siege.pays).to.equal('US');
    expect(body.provenance.map((p: { registre: string }) => p.registre)).to.deep.equal(['gleif']);
  });

  it('a lapsed LEI of an active entity is an active company', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/US/004L5FPTUREIWK9T2N63`);
    expect(body.statut).to.equal('actif');
    expect(body.statut_detail).to.include('LAPSED');
  });

  it('the LEI may be asked in lower case', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/us/00gbw0z2gyier7dhds71`);
    expect(res.status).to.equal(200);
    expect(body.id_national).to.equal('00GBW0Z2GYIER7DHDS71');
  });

  it('an LEI asked under another country than its registered address is a 404 naming that country', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/JP/00GBW0Z2GYIER7DHDS71`);
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'entreprise_inconnue', pays_enregistrement: 'US' });
  });

  it('an identifier that is not an LEI with valid check digits is a 400 before any read', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/us/00GBW0Z2GYIER7DHDS72`);
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    // The country asked, not the worldwide copy's placeholder code (XX).
    expect(body.message).to.match(/^US : LEI \(ISO 17442\)/);
  });

  it('France is not answered from the LEI copy: its companies have their own routes', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/FR/8945008RNBBMMKXFV110`);
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'pays_non_couvert', champ: 'pays' });
  });

  it('Germany and the Netherlands, out of the European routes’ scope, are not answered from it either', async () => {
    for (const pays of ['DE', 'NL']) {
      const profile = await getJson(`${t.baseUrl}/v1/eu/entreprise/${pays}/5299001ERX0K10IZUL40`);
      expect(profile.res.status, pays).to.equal(400);
      expect(profile.body).to.include({ error: 'pays_non_couvert', champ: 'pays' });
      const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=Fraport&pays=${pays}`);
      expect(search.body).to.include({ error: 'pays_non_couvert', champ: 'pays' });
    }
  });

  it('the search finds LEI entities by name, filed under their own country, and says GLEIF is covered', async () => {
    const { res, body } = await getJson(
      `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Aristeia Capital')}`,
    );
    expect(res.status).to.equal(200);
    expect(body.resultats[0]).to.include({
      pays: 'US',
      id_national: '00GBW0Z2GYIER7DHDS71',
      registre: 'gleif',
    });
    expect(body.pays_couverts).to.deep.include({
      pays: 'XX',
      registre: 'gleif',
      mode: 'copie_locale',
      entites: body.pays_couverts.find((c: { registre: string }) => c.registre === 'gleif').entites,
    });
  });

  it('an LEI entity of a country a national register covers is left to that register', async () => {
    const { body } = await getJson(
      `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Swedeit Italian Aktiebolag')}`,
    );
    expect(body.resultats.filter((r: { registre: string }) => r.registre === 'gleif')).to.deep.equal([]);
  });

  it('a search restricted to a country without a national register reads the LEI copy for it alone', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=Monoova&pays=AU`);
    expect(res.status).to.equal(200);
    expect(body.resultats.length).to.be.greaterThan(0);
    for (const r of body.resultats) expect(r).to.include({ pays: 'AU', registre: 'gleif' });
    expect(
      body.pays_couverts.map((c: { pays: string; registre: string }) => [c.pays, c.registre]),
    ).to.deep.equal([['AU', 'gleif']]);
  });

  it('an LEI asked as the search text finds its entity', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=9845002B9874D50A4531`);
    expect(body.resultats[0]).to.include({
      pays: 'LU',
      id_national: '9845002B9874D50A4531',
      correspondance: 'identifiant_national',
    });
  });
});
