import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ingestEeAriregister } from '../../../ingest/ee-ariregister/ingestEeAriregister.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  EE_ARIREGISTER_DEMO_FILES,
  getJson,
  ingestEurope,
  startEuropeService,
} from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Estonian officers and members (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['EE']);
  });
  after(() => t.stop());

  describe('GET /v1/eu/entreprise/EE/{registrikood}/dirigeants', () => {
    it('serves the current mandates of the card, a natural person by first name, last name and role', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/dirigeants`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'EE',
        id_national: '16900001',
        denomination: 'Näidis Tarkvara OÜ',
        forme_juridique: { code: 'OÜ', libelle: 'Osaühing' },
        nombre_mandats: 2,
        nombre_personnes_physiques: 1,
        nombre_entites: 1,
        aucun_mandat_inscrit: false,
        photo_le: '2026-11-18',
        licence: 'CC BY 4.0',
      });
      expect(body.mandats[0]).to.deep.equal({
        organe: 'directoire',
        role: 'membre_directoire',
        role_source: 'JUHL',
        role_libelle: 'Juhatuse liige',
        role_fr: 'Membre du directoire',
        origine: 'fiche_registre',
        titulaire: { type: 'personne_physique', prenom: 'Kadri', nom: 'Tamm-Näidis' },
        inscrit_le: '2020-02-03',
        carte: { type: 'C', numero: '1', inscription: '1' },
      });
      expect(body.mandats[1].titulaire).to.deep.equal({
        type: 'personne_morale',
        prenom: null,
        nom: 'Näidis Audit OÜ',
      });
    });

    it('serves the representation rules: each role’s standard rule and the special conditions in force', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/dirigeants`);
      expect(body.regles_representation).to.deep.equal({
        standard: [
          {
            role: 'membre_directoire',
            role_source: 'JUHL',
            texte: 'Iga juhatuse liige võib esindada osaühingut kõigis õigustoimingutes.',
            depuis: null,
          },
        ],
        speciales: [
          {
            type_source: 'YHESJ',
            type_libelle: 'Ühine esindusõigus',
            texte:
              'Juhatuse liikmed Kadri Tamm-Näidis (isikukood [isikukood masqué]) ja Peeter Näidis esindavad osaühingut ühiselt tehingutes üle 10000 euro.',
            depuis: '2020-02-03',
            inscription: '2',
          },
        ],
      });
    });

    it('a special condition that ended is not served', async () => {
      const { text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/dirigeants`);
      expect(text).not.to.contain('ainult ühiselt');
    });

    it('a company whose card object publishes no rules has regles_representation null, not empty lists', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/dirigeants`);
      expect(body.regles_representation).to.equal(null);
    });

    it('a founder on the card is not served as a mandate', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/dirigeants`);
      expect(body.mandats.map((m: { role_source: string }) => m.role_source)).not.to.include('ASUTAJA');
    });

    it('a mandate that ended is not served', async () => {
      const { text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/dirigeants`);
      expect(text).not.to.contain('Lahkunud');
    });

    it('a company the complete officers file holds no object for is not held: no absence is claimed', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/dirigeants`);
      expect(res.status).to.equal(200);
      expect(body).to.include({ nombre_mandats: 0, aucun_mandat_inscrit: false });
    });

    it('a sole proprietor is refused with 404 entreprise_individuelle_non_servie', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/90000004/dirigeants`);
      expect(res.status).to.equal(404);
      expect(body.error).to.equal('entreprise_individuelle_non_servie');
    });

    it('a registry code that is not 8 digits is a 400', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/1265251/dirigeants`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'registrikood' });
    });
  });

  describe('GET /v1/eu/entreprise/EE/{registrikood}/associes', () => {
    it('names a corporate shareholder and counts a natural person without naming them', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/associes`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        aucun_associe_inscrit: false,
        nombre_associes: 2,
        nombre_personnes_physiques: 1,
        detenu_par_personnes_physiques_pct: 60,
      });
      expect(body.associes[0]).to.include({ type: 'personne_physique', nom: null, part_pct: 60 });
      expect(body.associes[1]).to.deep.include({
        type: 'personne_morale',
        nom: 'Näidis Holding OÜ',
        registrikood_entite: '14900003',
        part_pct: 40,
        valeur_nominale: 1000,
        devise: 'EUR',
        propriete: { code: 'L', libelle: 'Ainuomand' },
        depuis: '2021-06-01',
        role_source: 'OSAN',
      });
    });

    it('serves the registered share capital of the general data', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/associes`);
      expect(body.capital).to.deep.equal({
        montant: 2500,
        devise: 'EUR',
        depuis: '2020-02-03',
        actions_sans_valeur_nominale: null,
      });
    });

    it('the capital is the current entry, not an ended one in an old currency', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/10900002/associes`);
      expect(body.capital).to.include({ montant: 25600, devise: 'EUR', depuis: '2011-01-01' });
    });

    it('founders on the card: a legal person named, a natural person counted and never named', async () => {
      const { body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/associes`);
      expect(body.fondateurs).to.deep.equal({
        nombre: 2,
        nombre_personnes_physiques: 1,
        liste: [
          {
            type: 'personne_physique',
            nom: null,
            registrikood_entite: null,
            apport: 1500,
            devise: 'EUR',
            depuis: '2020-02-03',
          },
          {
            type: 'personne_morale',
            nom: 'Näidis Holding OÜ',
            registrikood_entite: '14900003',
            apport: 1000,
            devise: 'EUR',
            depuis: '2020-02-03',
          },
        ],
      });
      expect(text).not.to.contain('Asutaja-Näidis');
    });

    it('a card that lists no founder gives fondateurs null, not zero founders', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/associes`);
      expect(body.fondateurs).to.equal(null);
    });

    it('an OÜ the complete shareholders file holds no object for is not said to have none', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/associes`);
      expect(body).to.include({ nombre_associes: 0, aucun_associe_inscrit: false });
    });

    it('an AS with no line is not said to have no shareholder (its shares are held outside the register)', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/10900002/associes`);
      expect(body).to.include({ nombre_associes: 0, aucun_associe_inscrit: false });
    });
  });

  describe('GET /v1/eu/entreprise/EE/{registrikood}/beneficiaires-effectifs', () => {
    it('counts the current beneficial owners with their control type and residence, never named', async () => {
      const { res, body, text } = await getJson(
        `${t.baseUrl}/v1/eu/entreprise/EE/16900001/beneficiaires-effectifs`,
      );
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'EE',
        id_national: '16900001',
        denomination: 'Näidis Tarkvara OÜ',
        aucun_beneficiaire_inscrit: false,
        nombre_beneficiaires: 2,
        photo_le: '2026-11-18',
        licence: 'CC BY 4.0',
      });
      expect(body.beneficiaires).to.deep.equal([
        {
          type: 'personne_physique',
          nom: null,
          controle: { code: 'O', libelle: 'Otsene osalus' },
          pays_residence: 'EST',
          depuis: '2020-02-03',
        },
        {
          type: 'personne_physique',
          nom: null,
          controle: { code: 'K', libelle: 'Kaudne osalus' },
          pays_residence: 'FIN',
          depuis: '2020-02-03',
        },
      ]);
      for (const name of ['Asutaja-Näidis', 'Kaudne-Näidis', 'Endine-Näidis'])
        expect(text).not.to.contain(name);
    });

    it('a company the complete file holds no object for is not said to have none', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/beneficiaires-effectifs`);
      expect(body).to.include({ nombre_beneficiaires: 0, aucun_beneficiaire_inscrit: false });
    });

    it('refuses a sole proprietor, and is priced like the Latvian route', async () => {
      const { res, body } = await getJson(
        `${t.baseUrl}/v1/eu/entreprise/EE/90000004/beneficiaires-effectifs`,
      );
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      const route = t.service.app.registry.routes.find(
        (r) => r.path === '/v1/eu/entreprise/EE/{registrikood}/beneficiaires-effectifs',
      );
      expect(route?.price).to.equal(20_000);
    });
  });

  describe('GET /v1/eu/entreprise/EE/{registrikood}/comptes', () => {
    it('serves the annual-report summaries of the general data, newest first', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/16900001/comptes`);
      expect(res.status).to.equal(200);
      expect(body).to.include({ nombre_rapports: 2, aucun_rapport_depose: false });
      expect(body.rapports[0]).to.deep.equal({
        annee: 2024,
        debut: '2024-01-01',
        fin: '2024-12-31',
        effectif: 7,
        activite: { code_emtak: '62101', libelle: 'Programmeerimine', version_emtak: '3' },
      });
    });

    it('a company the general-data file holds no object for is not said to have filed none', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/comptes`);
      expect(body).to.include({ nombre_rapports: 0, aucun_rapport_depose: false });
    });
  });

  describe('GET /v1/eu/entreprise/EE/{registrikood}/evenements', () => {
    it('serves the status history, newest first, with the register’s codes and labels', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/10900002/evenements`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        nombre_evenements: 2,
        aucun_evenement: false,
        evenements: [
          {
            famille: 'statut',
            type: 'liquidation',
            type_source: 'L',
            libelle_source: 'Likvideerimisel',
            date: '2025-09-02',
          },
          {
            famille: 'statut',
            type: 'immatriculation',
            type_source: 'R',
            libelle_source: 'Registrisse kantud',
            date: '1995-06-15',
          },
        ],
      });
    });

    it('both routes refuse a sole proprietor', async () => {
      for (const p of ['comptes', 'evenements']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/90000004/${p}`);
        expect([res.status, body.error]).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      }
    });
  });

  describe('after a pass whose complete files hold the company with empty lists', () => {
    let dir: string;
    before(async () => {
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ee-empty-lists-'));
      const files = await emptyListsFiles(dir);
      await ingestEeAriregister({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files,
        snapshotDate: '2026-11-19',
      });
      await t.service.runner.caughtUp();
    });
    after(() => fs.rm(dir, { recursive: true, force: true }));

    it('an empty list of the company’s own object on a complete file is measured', async () => {
      const officers = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/dirigeants`)).body;
      expect(officers).to.include({ photo_le: '2026-11-19', nombre_mandats: 0, aucun_mandat_inscrit: true });
      const members = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/associes`)).body;
      expect(members).to.include({ nombre_associes: 0, aucun_associe_inscrit: true });
      const owners = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/beneficiaires-effectifs`))
        .body;
      expect(owners).to.include({ nombre_beneficiaires: 0, aucun_beneficiaire_inscrit: true });
      const accounts = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/comptes`)).body;
      expect(accounts).to.include({ nombre_rapports: 0, aucun_rapport_depose: true });
    });
  });

  describe('after a pass without the officers and shareholders files', () => {
    before(async () => {
      await ingestEeAriregister({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files: { lihtandmed: EE_ARIREGISTER_DEMO_FILES.lihtandmed },
        snapshotDate: '2026-11-20',
      });
      await t.service.runner.caughtUp();
    });

    it('empty lists are no longer said to be measured', async () => {
      const officers = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/dirigeants`)).body;
      const members = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/associes`)).body;
      expect(officers).to.include({ photo_le: '2026-11-20', nombre_mandats: 0, aucun_mandat_inscrit: false });
      expect(members).to.include({ nombre_associes: 0, aucun_associe_inscrit: false });
      const accounts = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/comptes`)).body;
      expect(accounts).to.include({ nombre_rapports: 0, aucun_rapport_depose: false });
      const owners = (await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/beneficiaires-effectifs`))
        .body;
      expect(owners).to.include({ nombre_beneficiaires: 0, aucun_beneficiaire_inscrit: false });
    });
  });
});

/**
 * CONSTRUCTED files for one test (never demo data): the demo files with, for 12652512 (the one real row of the
 * basic-data file), an object of its own holding empty lists, as a complete file shows a company with none.
 */
async function emptyListsFiles(dir: string) {
  const own = { ariregistri_kood: 12652512, nimi: '001 Kinnisvara OÜ' };
  const lists: Record<string, Record<string, unknown>> = {
    isikud: { ...own, kaardile_kantud_isikud: [] },
    osanikud: { ...own, osanikud: [] },
    kasusaajad: { ...own, kasusaajad: [] },
    yldandmed: {
      ...own,
      yldandmed: { staatus: 'R', staatus_tekstina: 'Registrisse kantud', info_majandusaasta_aruannetest: [] },
    },
  };
  const files: Record<string, string> = { lihtandmed: EE_ARIREGISTER_DEMO_FILES.lihtandmed };
  for (const [role, object] of Object.entries(lists)) {
    const demo = EE_ARIREGISTER_DEMO_FILES[role as keyof typeof EE_ARIREGISTER_DEMO_FILES];
    const file = path.join(dir, path.basename(demo));
    const rows = JSON.parse(await fs.readFile(demo, 'utf8')) as unknown[];
    await fs.writeFile(file, JSON.stringify([...rows, object], null, 4));
    files[role] = file;
  }
  return files as typeof EE_ARIREGISTER_DEMO_FILES;
}
