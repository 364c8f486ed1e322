import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { getJson, startEuropeServiceIngested } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`European search (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeServiceIngested(new Date('2026-11-20T10:00:00Z'), '2026-11-18');
  });
  after(() => t?.stop());

  const search = (query: string) => getJson(`${t.baseUrl}/v1/eu/recherche?${query}`);

  it('one query searches the three local copies and says what each holds', async () => {
    const { res, body } = await search('q=paraugs');
    expect(res.status).to.equal(200);
    // The local copies this test does not collect are mute (collecte_en_cours); the three it collects answer.
    expect(
      body.registres_muets.filter((m: { motif: string }) => m.motif !== 'collecte_en_cours'),
    ).to.deep.equal([]);
    expect(body.pays_couverts).to.deep.include.members([
      { pays: 'NO', registre: 'no.brreg', mode: 'copie_locale', entites: 23 },
      { pays: 'EE', registre: 'ee.ariregister', mode: 'copie_locale', entites: 4 },
      { pays: 'LV', registre: 'lv.ur', mode: 'copie_locale', entites: 6 },
    ]);
    expect(body.provenance.map((p: { registre: string }) => p.registre)).to.include.members([
      'no.brreg',
      'ee.ariregister',
      'lv.ur',
    ]);
  });

  it('a result carries country, identifier, name, status, town, register, match origin and a 0–1 score', async () => {
    const { body } = await search('q=Byggvisualisering');
    expect(body.nombre_resultats).to.equal(body.resultats.length);
    expect(body.resultats[0]).to.deep.equal({
      pays: 'NO',
      id_national: '998543118',
      denomination: 'BYGGVISUALISERING AS',
      statut: 'actif',
      ville: 'SANDEFJORD',
      registre: 'no.brreg',
      correspondance: 'denomination_approchee',
      score_confiance: body.resultats[0].score_confiance,
    });
    expect(body.resultats[0].score_confiance).to.be.within(0.5, 1);
  });

  it('accents and case do not matter', async () => {
    const { body } = await search(`q=${encodeURIComponent('PARAUGS KOKAPSTRADE')}`);
    expect(body.resultats[0]).to.include({ pays: 'LV', id_national: '40003900001' });
  });

  it('an exact name is a denomination_exacte match', async () => {
    const { body } = await search(`q=${encodeURIComponent('001 Kinnisvara OÜ')}`);
    expect(body.resultats[0]).to.include({
      pays: 'EE',
      id_national: '12652512',
      correspondance: 'denomination_exacte',
      score_confiance: 1,
    });
  });

  it('a national identifier resolves directly', async () => {
    const { body } = await search('q=998543118');
    expect(body.resultats).to.have.length(1);
    expect(body.resultats[0]).to.include({
      id_national: '998543118',
      correspondance: 'identifiant_national',
    });
  });

  it('pays restricts the search to one register', async () => {
    const { body } = await search('q=paraugs&pays=lv');
    expect(body.pays_couverts.map((p: { pays: string }) => p.pays)).to.deep.equal(['LV']);
    expect(body.resultats.every((r: { pays: string }) => r.pays === 'LV')).to.equal(true);
    expect(body.resultats.length).to.be.greaterThan(0);
  });

  it('at most 10 results are served', async () => {
    const { body } = await search('q=AS');
    expect(body.resultats.length).to.be.at.most(10);
    expect(body.nombre_resultats).to.equal(body.resultats.length);
  });

  it('the bounded list is described in listes_bornees, consistent with what is served', async () => {
    for (const q of ['q=paraugs', 'q=as', 'q=zzyzxqwerty']) {
      const { body } = await search(q);
      const bounded = body.listes_bornees.resultats;
      expect(bounded.nombre_total, q).to.be.at.least(body.nombre_resultats);
      expect(bounded.tronque, q).to.equal(bounded.nombre_total > body.nombre_resultats);
      expect(bounded.total_borne_basse, q).to.be.a('boolean');
    }
  });

  it('results come in decreasing score_confiance', async () => {
    for (const q of ['q=paraugs', 'q=as', 'q=kinnisvara']) {
      const scores = (await search(q)).body.resultats.map(
        (r: { score_confiance: number }) => r.score_confiance,
      );
      for (let i = 1; i < scores.length; i++) expect(scores[i], q).to.be.at.most(scores[i - 1]);
    }
  });

  it('sole traders are never found, by name or by number', async () => {
    const soleTraders = ['932819864', '974902168', '90000004', '41500900004'];
    for (const q of [
      'PINSEDAG THIABSAENG',
      'OLA EGIL LEIKVOLD',
      'Kertu Kaasik',
      'Jānis Paraudziņš',
      '932819864',
    ]) {
      const { res, body, text } = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status).to.equal(200);
      for (const r of body.resultats) expect(soleTraders).not.to.include(r.id_national);
      for (const name of ['PINSEDAG', 'LEIKVOLD', 'Kaasik', 'Paraudziņš']) expect(text).not.to.contain(name);
    }
  });

  it('nothing searchable in q is a 400 on q, and an uncovered country a 400 pays_non_couvert', async () => {
    const empty = await search(`q=${encodeURIComponent('%%% ***')}`);
    expect(empty.res.status).to.equal(400);
    expect(empty.body).to.include({ error: 'parametre_invalide', champ: 'q' });
    const missing = await search('pays=NO');
    expect(missing.res.status).to.equal(400);
    expect(missing.body).to.include({ error: 'parametre_manquant', champ: 'q' });
    const de = await search('q=test&pays=DE');
    expect(de.res.status).to.equal(400);
    expect(de.body).to.include({ error: 'pays_non_couvert', champ: 'pays' });
  });

  describe('with one register’s table unreadable', () => {
    before(() => t.db.knex.raw('alter table eu_lv_entreprises rename to eu_lv_entreprises_away'));
    after(() => t.db.knex.raw('alter table eu_lv_entreprises_away rename to eu_lv_entreprises'));

    it('the answer still comes from the others, and the failing register is listed as mute', async () => {
      const { res, body } = await search('q=paraugs');
      expect(res.status).to.equal(200);
      expect(
        body.registres_muets.filter((m: { motif: string }) => m.motif !== 'collecte_en_cours'),
      ).to.deep.equal([{ pays: 'LV', registre: 'lv.ur', motif: 'copie_locale_illisible' }]);
      const covered = body.pays_couverts.map((p: { pays: string }) => p.pays);
      expect(covered).to.include.members(['NO', 'EE']);
      expect(covered).to.not.include('LV');
      expect(body.resultats.every((r: { pays: string }) => r.pays !== 'LV')).to.equal(true);
      expect(body.provenance.map((p: { registre: string }) => p.registre)).not.to.include('lv.ur');
      expect(body.citation).not.to.contain('Uzņēmumu');
    });

    it('a search of that register alone is a 503 recherche_indisponible, never a 500', async () => {
      const { res, body } = await search('q=paraugs&pays=LV');
      expect(res.status).to.equal(503);
      expect(body.error).to.equal('recherche_indisponible');
      expect(
        body.registres_muets.filter((m: { motif: string }) => m.motif !== 'collecte_en_cours'),
      ).to.deep.equal([{ pays: 'LV', registre: 'lv.ur', motif: 'copie_locale_illisible' }]);
    });
  });
});
