import { expect } from 'chai';
import { ingestLvUr } from '../../../ingest/lv-ur/ingestLvUr.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, LV_UR_DEMO_FILES, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Latvian members, officers and beneficial owners (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['LV']);
  });
  after(() => t.stop());

  it('members: a company is named, a natural person counted with its holding, capital computed', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/associes`);
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      pays: 'LV',
      id_national: '40003900001',
      aucun_associe_inscrit: false,
      nombre_associes: 2,
      nombre_personnes_physiques: 1,
      capital: {
        nature: 'parts_sociales',
        nombre_titres: 1000,
        valeur_nominale_totale: 1000,
        devise: 'EUR',
        detenu_par_personnes_physiques_pct: 60,
      },
      licence: 'CC0 1.0',
    });
    expect(body.associes[0]).to.deep.include({ type: 'personne_physique', nom: null, regnr_entite: null });
    expect(body.associes[1]).to.deep.equal({
      type: 'personne_morale',
      nom: 'AS "Paraugs Tirdzniecība"',
      regnr_entite: '40103900002',
      titres: {
        nature: 'parts_sociales',
        nombre: 400,
        valeur_nominale: 400,
        devise: 'EUR',
        votes: null,
        type_actions: null,
      },
      part_capital_pct: 40,
      coproprietaires: null,
      actionnaires_non_publies: false,
      depuis: '2019-06-01',
      inscrit_le: '2019-06-03',
      modifie_le: '2023-01-05T10:15:00Z',
    });
  });

  it('members: none on a complete members file is measured (aucun_associe_inscrit)', async () => {
    const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40008900005/associes`);
    expect(body).to.include({ nombre_associes: 0, aucun_associe_inscrit: true });
    expect(body.capital).to.equal(null);
  });

  it('officers: governing body, position, published name and representation rule', async () => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40103900002/dirigeants`);
    expect(res.status).to.equal(200);
    expect(body).to.include({
      nombre_mandats: 2,
      nombre_personnes_physiques: 2,
      aucun_mandat_inscrit: false,
    });
    expect(body.mandats[0]).to.deep.equal({
      organe: 'EXECUTIVE_BOARD',
      role: 'BOARD_MEMBER',
      titulaire: { type: 'personne_physique', nom: 'Bērziņa-Parauga Anna', regnr_entite: null },
      representation: { type: 'WITH_AT_LEAST', au_moins: 2 },
      inscrit_le: '2018-02-01',
      modifie_le: '2023-01-05T10:15:00Z',
    });
  });

  it('beneficial owners: counted with nationality and residence, never named', async () => {
    const { res, body } = await getJson(
      `${t.baseUrl}/v1/eu/entreprise/LV/40003900001/beneficiaires-effectifs`,
    );
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({ nombre_beneficiaires: 2, aucun_beneficiaire_inscrit: false });
    expect(body.beneficiaires).to.deep.equal([
      {
        type: 'personne_physique',
        nom: null,
        nationalites: ['LV'],
        pays_residence: 'LV',
        inscrit_le: '2018-01-10',
      },
      {
        type: 'personne_physique',
        nom: null,
        nationalites: ['LV', 'EE'],
        pays_residence: 'EE',
        inscrit_le: '2019-06-03',
      },
    ]);
  });

  it('a sole trader (IK) is refused on every detail route', async () => {
    for (const p of ['associes', 'dirigeants', 'beneficiaires-effectifs']) {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/41500900004/${p}`);
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
    }
  });

  it('a registration number that is not 11 digits is a 400, an unknown one a 404', async () => {
    const bad = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/4000390000/associes`);
    expect([bad.res.status, bad.body.champ]).to.deep.equal([400, 'regnr']);
    const unknown = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40000000000/associes`);
    expect([unknown.res.status, unknown.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
  });

  describe('after a pass of register.csv alone', () => {
    before(async () => {
      await ingestLvUr({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files: { register: LV_UR_DEMO_FILES.register },
        snapshotDate: '2026-11-19',
      });
      await t.service.runner.caughtUp();
    });

    it('the detail lists are dropped and their emptiness is not said to be measured', async () => {
      const members = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/associes`)).body;
      const officers = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/dirigeants`)).body;
      const owners = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/beneficiaires-effectifs`))
        .body;
      expect(members).to.include({
        nombre_associes: 0,
        aucun_associe_inscrit: false,
        photo_le: '2026-11-19',
      });
      expect(officers).to.include({ nombre_mandats: 0, aucun_mandat_inscrit: false });
      expect(owners).to.include({ nombre_beneficiaires: 0, aucun_beneficiaire_inscrit: false });
    });
  });
});
