import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { cyDrcorProjection } from '../../../projections/cy-drcor/cyDrcorProjection.ts';
import { cyDrcorStatut } from '../../../projections/cy-drcor/cyDrcorStatut.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** Fictitious natural persons of the constructed files (a business name, a general partnership). */
const PERSON_NAMES = ['ΓΙΑΝΝΗΣ', 'ΔΕΙΓΜΑΤΟΠΟΥΛΟΣ', 'ΑΝΔΡΕΑΣ', 'ΔΕΙΓΜΑΤΙΔΗΣ', 'Οδός Ιδιώτη'];
const IDS = ['HE900001', 'HE900002', 'HE900003', 'AE900004', 'B900005', 'S900006', 'HE900007'];

describe(`Cyprus, Registrar of Companies local copy: profile and search (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['CY']);
  });
  after(() => t.stop());

  it('a private company is served with its registered office joined from the second file', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/HE900001`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'CY',
      registre: 'DRCOR',
      id_national: 'HE900001',
      denomination: 'ΔΕΙΓΜΑ ΕΜΠΟΡΙΚΗ ΛΙΜΙΤΕΔ',
      forme_juridique: { code: 'C', libelle: 'Ιδιωτική' },
      statut: 'actif',
      statut_detail: 'Εγγεγραμμένη',
      date_creation: '2012-03-14',
      adresse_siege: {
        adresse: 'Λεωφόρος Δείγματος 1, ΔΕΙΓΜΑ ΠΛΑΖΑ, Στρόβολος, 2003, Λευκωσία',
        code_postal: '2003',
        ville: 'Στρόβολος',
        pays: 'CY',
      },
      identifiants: { tva: null, lei: null },
    });
  });

  it('liquidation and a strike-off notice are en_cessation, struck off is radie (label verbatim)', async () => {
    const liq = (await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/HE900002`)).body;
    expect(liq).to.include({ statut: 'en_cessation', statut_detail: 'Υπο Εκκαθάριση' });
    const notice = (await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/HE900007`)).body;
    expect(notice).to.include({ statut: 'en_cessation', denomination: 'ΔΕΙΓΜΑ ΧΩΡΙΣΜΕΝΗ ΛΙΜΙΤΕΔ' });
    const off = (await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/HE900003`)).body;
    expect(off).to.include({ statut: 'radie', denomination: 'SAMPLE "BLUE" SHIPPING, LTD' });
  });

  it('statuses of the published list map to the three values', () => {
    expect(cyDrcorStatut('Στάληκε επιστολή Υπενθύμισης')).to.equal('actif');
    expect(cyDrcorStatut('Εκούσια Εκκαθάριση από Μετόχους')).to.equal('en_cessation');
    expect(cyDrcorStatut('Διάλυση λόγω Ολοκλήρωσης Εκκαθάρισης')).to.equal('radie');
    expect(cyDrcorStatut('Διαλύθηκε λόγω συγχώνευσης')).to.equal('radie');
    expect(cyDrcorStatut('Άγνωστη')).to.equal(null);
  });

  it('an overseas company is served under its AE number', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/AE900004`);
    expect(res.status).to.equal(200);
    expect(body.forme_juridique).to.deep.equal({ code: 'O', libelle: null });
  });

  for (const [id, type] of [
    ['B900005', 'B'],
    ['S900006', 'P'],
  ]) {
    it(`a business name or partnership (${id}), a type that does not decide, is a 404 forme_juridique_non_servie, unnamed`, async () => {
      const { res, body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/${id}`);
      expect([res.status, body.error, body.forme_code]).to.deep.equal([
        404,
        'forme_juridique_non_servie',
        type,
      ]);
      for (const n of PERSON_NAMES) expect(text).not.to.contain(n);
      // Nor found by its number in the search, which serves only the organisations it names.
      const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=${id}&pays=CY`);
      expect([search.res.status, search.body.resultats]).to.deep.equal([200, []]);
    });
  }

  for (const id of ['900001', 'HE 900001', 'he900001', 'HE0900001', 'XX900001']) {
    it(`"${id}" is a 400 parametre_invalide`, async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/${encodeURIComponent(id)}`);
      expect([res.status, body.error]).to.deep.equal([400, 'parametre_invalide']);
    });
  }

  it('the search finds companies by name and number, never a person’s business name', async () => {
    const byName = await getJson(
      `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('δείγμα εμπορική')}&pays=CY`,
    );
    expect(byName.body.resultats[0]).to.include({ pays: 'CY', id_national: 'HE900001' });
    const byNumber = await getJson(`${t.baseUrl}/v1/eu/recherche?q=AE900004&pays=CY`);
    expect(byNumber.body.resultats[0]).to.include({
      id_national: 'AE900004',
      correspondance: 'identifiant_national',
    });
    expect(byNumber.body.pays_couverts).to.deep.equal([
      { pays: 'CY', registre: 'cy.drcor', mode: 'copie_locale', entites: 5 },
    ]);
    const persons = await getJson(
      `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('ΓΙΑΝΝΗΣ ΔΕΙΓΜΑΤΟΠΟΥΛΟΣ')}&pays=CY`,
    );
    const partners = await getJson(`${t.baseUrl}/v1/eu/recherche?q=B900005&pays=CY`);
    for (const n of PERSON_NAMES) {
      expect(persons.text).not.to.contain(n);
      expect(partners.text).not.to.contain(n);
    }
  });

  it('no route answer names a natural person of the files', async () => {
    const texts = [];
    for (const id of IDS) texts.push((await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/${id}`)).text);
    for (const n of PERSON_NAMES) expect(texts.join('\n')).not.to.contain(n);
  });

  it('the read model keeps no name or address of a natural person', async () => {
    const { rows } = await t.db.knex.raw(
      `select (select json_agg(e) from eu_cy_entreprises e)::text || (select json_agg(o) from eu_cy_organisation_bureau o)::text as dump`,
    );
    for (const n of PERSON_NAMES.slice(0, 4)) expect(rows[0].dump).not.to.contain(n);
  });

  it('the read model rebuilds to the same bytes', async () => {
    const before = await Promise.all(cyDrcorProjection.tables.map((x) => tableChecksum(t.db.knex, x)));
    await t.service.runner.rebuild(cyDrcorProjection.name);
    const after = await Promise.all(cyDrcorProjection.tables.map((x) => tableChecksum(t.db.knex, x)));
    expect(after).to.deep.equal(before);
  });
});

describe(`Cyprus before its first pass (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
  });
  after(() => t.stop());

  it('the profile is a 503 collecte_en_cours', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/CY/HE900001`);
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'collecte_en_cours', registre: 'cy.drcor' });
  });
});

describe(`Cyprus: natural persons stay out of the event log (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['CY']);
  });
  after(() => t.stop());

  it('a business name’s or partnership’s name and office never enter the log', async () => {
    const { rows } = await t.db.knex.raw(
      `select data::text as data from events where data->>'register' = 'cy.drcor' or stream_id like 'cy.drcor%'`,
    );
    const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
    expect(log).to.contain('ΔΕΙΓΜΑ ΕΜΠΟΡΙΚΗ ΛΙΜΙΤΕΔ');
    for (const n of PERSON_NAMES) expect(log).not.to.contain(n);
  });
});
