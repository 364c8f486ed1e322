import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ingestLtJar } from '../../../ingest/lt-jar/ingestLtJar.ts';
import { LT_JAR_DEMO_FILES } from '../../../ingest/lt-jar/ltJarDemo.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { ltJarProjection } from '../../../projections/lt-jar/ltJarProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** The sole trader of the fixtures (an individuali įmonė named after its owner) and its address. */
const SOLE_TRADER = ['Pavyzdėlio', 'Vilniaus g. 3-4'];
/** The branch of a foreign entity (undecided form): never named either. */
const BRANCH = ['Beispiel Handel', 'Gedimino pr. 5'];

const ROUTES = (id: string) => [
  `entreprise/LT/${id}`,
  `entreprise/LT/${id}/comptes`,
  `entreprise/LT/${id}/insolvabilite`,
];

describe(`Lithuania JAR local copy (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['LT']);
  });
  after(() => t.stop());

  describe('unified profile and search', () => {
    it('a company of the real row: name with its quotes, form, status label verbatim, address parts', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'LT',
        registre: 'Juridinių asmenų registras',
        id_national: '110003978',
        denomination: 'Uždaroji akcinė bendrovė "Lietkompexim"',
        forme_juridique: { code: '310', libelle: 'Uždaroji akcinė bendrovė' },
        statut: 'actif',
        statut_detail: 'Teisinis stat neįregistruotas',
        date_creation: '1991-04-25',
        adresse_siege: {
          adresse: 'Vilnius, S. Stanevičiaus g. 95, LT-07114',
          code_postal: 'LT-07114',
          ville: 'Vilnius',
          pays: 'LT',
        },
      });
    });

    it('the file starts with a BOM and ends lines with CRLF: the first column and the last are read', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978`);
      expect(body.id_national).to.equal('110003978');
      expect(body.statut_detail).to.equal('Teisinis stat neįregistruotas');
    });

    it('statuses: bankruptcy and liquidation for bankruptcy are en_cessation, deregistered radie, restructuring actif', async () => {
      const statut = async (id: string) => (await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/${id}`)).body;
      expect(await statut('302123455')).to.include({
        statut: 'en_cessation',
        statut_detail: 'Bankrutuojantis',
      });
      expect(await statut('305666023')).to.include({
        statut: 'en_cessation',
        statut_detail: 'Likviduojamas dėl bankroto',
        denomination: 'UAB "Kabutė" ir partneriai',
      });
      expect(await statut('111200010')).to.include({ statut: 'radie', statut_detail: 'Išregistruotas' });
      expect(await statut('306777037')).to.include({ statut: 'actif', statut_detail: 'Restruktūrizuojamas' });
    });

    it('a 0001-01-01 date and an empty address are not published (null)', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/307888040`);
      expect(body.date_creation).to.equal(null);
      expect(body.adresse_siege).to.deep.equal({ adresse: null, code_postal: null, ville: null, pays: 'LT' });
    });

    it('a code with a wrong check digit is a 400 on every route, before anything else', async () => {
      for (const p of ROUTES('110003979')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([400, 'parametre_invalide']);
      }
    });

    it('a row with a wrong check digit in the file is set aside, not served', async () => {
      const { body } = await getJson(
        `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Bloga kontrolė')}&pays=LT`,
      );
      expect(body.resultats.map((r: { id_national: string }) => r.id_national)).to.not.include('123456780');
    });

    it('a sole trader (individuali įmonė) is 404 entreprise_individuelle_non_servie on every route', async () => {
      for (const p of ROUTES('303987653')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      }
    });

    it('a branch of a foreign entity (a form that does not decide) is 404 forme_juridique_non_servie', async () => {
      for (const p of ROUTES('304555013')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([404, 'forme_juridique_non_servie']);
      }
    });

    it('an unknown valid code is 404 entreprise_inconnue', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/123456786`);
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('the European search finds a Lithuanian company by name and by code, and counts LT as covered', async () => {
      const byName = (await getJson(`${t.baseUrl}/v1/eu/recherche?q=Lietkompexim&pays=LT`)).body;
      expect(byName.resultats[0]).to.include({ pays: 'LT', id_national: '110003978', registre: 'lt.jar' });
      expect(byName.pays_couverts).to.deep.equal([
        { pays: 'LT', registre: 'lt.jar', mode: 'copie_locale', entites: 7 },
      ]);
      const byCode = (await getJson(`${t.baseUrl}/v1/eu/recherche?q=302123455`)).body;
      expect(byCode.resultats[0]).to.include({
        pays: 'LT',
        id_national: '302123455',
        correspondance: 'identifiant_national',
      });
    });
  });

  describe('accounts (comptes)', () => {
    it('every filed year in one call, newest first, with the contract members', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978/comptes`);
      expect(res.status).to.equal(200);
      expect(body).to.include({
        pays: 'LT',
        id_national: '110003978',
        nombre_exercices: 2,
        dernier_exercice: '2024-12-31',
        photo: '2026-11-18',
      });
      const [y2024, y2021] = body.exercices;
      expect(y2024).to.deep.include({
        debut: '2024-01-01',
        fin: '2024-12-31',
        consolide: false,
        depose_le: '2025-04-28',
        devise: 'EUR',
        bilan: {
          actif_non_courant: 41322,
          actif_courant: 13532,
          total_actif: null,
          immobilisations_corporelles: null,
          capitaux_propres: null,
          dettes: null,
        },
        compte_resultat: {
          chiffre_affaires: 310000,
          produits: null,
          resultat_avant_impot: 20000,
          resultat_net: 17000,
        },
      });
      expect(y2024.etats).to.deep.equal([
        {
          gabarit: {
            code: 'FS0129',
            libelle: 'Mažų ir labai mažų įmonių, netaikančių išimčių, finansinių ataskaitų rinkinys',
          },
          standard: { code: 'BST210', libelle: 'BALANSAS' },
        },
        {
          gabarit: {
            code: 'FS0129',
            libelle: 'Mažų ir labai mažų įmonių, netaikančių išimčių, finansinių ataskaitų rinkinys',
          },
          standard: { code: 'IST024', libelle: 'PELNO (NUOSTOLIŲ) ATASKAITA' },
        },
      ]);
      expect(y2021).to.deep.include({ debut: '2021-01-01', fin: '2021-12-31', depose_le: '2022-04-20' });
      expect(y2021.compte_resultat).to.deep.equal({
        chiffre_affaires: 250000,
        produits: null,
        resultat_avant_impot: 15000,
        resultat_net: 12750,
      });
    });

    it('a duplicated line that agrees is merged; two net-result lines that disagree are stated', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978/comptes`);
      const y = body.exercices[0];
      expect(y.autres_postes).to.deep.equal([
        { code: 'ISLT00005', libelle: 'KITOS VEIKLOS PAJAMOS', valeur: 1200 },
      ]);
      expect(y.postes_divergents).to.deep.equal([
        {
          poste: 'resultat_net',
          valeurs: [
            { code: 'ISLT00019', libelle: 'GRYNASIS PELNAS (NUOSTOLIAI)', valeur: 17000 },
            { code: 'ISLT00222', libelle: 'GRYNASIS PELNAS (NUOSTOLIAI)', valeur: 16900 },
          ],
        },
      ]);
    });

    it('a filing filed again supersedes the earlier one (newest reg_date); the real legacy row is served', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/301011561/comptes`);
      expect(body.exercices[0]).to.deep.include({ depose_le: '2025-05-10' });
      expect(body.exercices[0].compte_resultat.chiffre_affaires).to.equal(1100);
      expect(body.exercices[0].postes_divergents).to.deep.equal([]);
      expect(body.exercices[1].compte_resultat).to.deep.equal({
        chiffre_affaires: null,
        produits: null,
        resultat_avant_impot: -91,
        resultat_net: -91,
      });
    });

    it('consolidated accounts are flagged, decimal amounts kept', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/302123455/comptes`);
      expect(body.exercices[0]).to.deep.include({ consolide: true });
      expect(body.exercices[0].compte_resultat.chiffre_affaires).to.equal(5400000.5);
    });

    it('a company with no served year is a 404 (element_inconnu), not an empty list', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/305666023/comptes`);
      expect([res.status, body.error]).to.deep.equal([404, 'element_inconnu']);
    });
  });

  describe('insolvency (insolvabilite)', () => {
    it('bankruptcy from the register status: code, label, date; en cours', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/302123455/insolvabilite`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        statut_registre: { code: 5, libelle: 'Bankrutuojantis', depuis: '2025-10-15' },
        procedure: {
          code: 5,
          libelle: 'Bankrutuojantis',
          famille: 'faillite',
          depuis: '2025-10-15',
          en_cours: true,
        },
        procedure_au_registre: true,
        aucune_procedure: false,
        photo: '2026-11-18',
      });
    });

    it('restructuring is a proceeding of the restructuration family; liquidation for bankruptcy of faillite', async () => {
      const r = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/306777037/insolvabilite`)).body;
      expect(r.procedure).to.include({ code: 4, famille: 'restructuration' });
      const l = (await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/305666023/insolvabilite`)).body;
      expect(l.procedure).to.include({ code: 26, famille: 'faillite' });
    });

    it('a normal status is no proceeding, measured on the complete register file', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978/insolvabilite`);
      expect(body).to.deep.include({ procedure: null, procedure_au_registre: false, aucune_procedure: true });
    });
  });

  describe('privacy', () => {
    it('no sole trader or undecided-form name or address is in any answer', async () => {
      const answers: string[] = [];
      for (const id of ['303987653', '304555013', '110003978', '301011561']) {
        for (const p of ROUTES(id)) answers.push((await getJson(`${t.baseUrl}/v1/eu/${p}`)).text);
      }
      for (const q of ['Pavyzdėlio', 'individuali', 'Beispiel Handel', 'filialas']) {
        answers.push((await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(q)}`)).text);
      }
      const all = answers.join('\n');
      for (const s of [...SOLE_TRADER, ...BRANCH]) expect(all).to.not.contain(s);
    });

    it('nor in the event log (the ingestion never records them)', async () => {
      const { rows } = await t.db.knex.raw(
        `select data::text as data from events where stream_id not like 'served-%'`,
      );
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('Lietkompexim');
      for (const s of [...SOLE_TRADER, ...BRANCH]) expect(log).to.not.contain(s);
    });
  });

  describe('a failed download', () => {
    it('an HTML page answered instead of a file refuses the pass; the published copy stays', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'lt-jar-'));
      const page = path.join(dir, 'JAR_IREGISTRUOTI.csv');
      writeFileSync(
        page,
        '<!DOCTYPE html>\n<html lang="lt"><head><title>Registrų centras</title></head><body></body></html>\n',
      );
      const pass = ingestLtJar({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files: { registered: page },
        snapshotDate: '2026-11-19',
      });
      await pass.then(
        () => expect.fail('the pass should be refused'),
        (err: Error) => expect(err.message).to.match(/HTML page/),
      );
      const accounts = path.join(dir, 'JAR_FA_RODIKLIAI_PLNA_2026_n.csv');
      writeFileSync(accounts, '\uFEFF  <html><body>Nerasta</body></html>');
      copyFileSync(LT_JAR_DEMO_FILES.registered, path.join(dir, 'JAR_IREGISTRUOTI_ok.csv'));
      const second = ingestLtJar({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        files: { registered: path.join(dir, 'JAR_IREGISTRUOTI_ok.csv'), accounts: [accounts] },
        snapshotDate: '2026-11-19',
      });
      await second.then(
        () => expect.fail('the pass should be refused'),
        (err: Error) => expect(err.message).to.match(/HTML page/),
      );
      await t.service.runner.caughtUp();
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978/comptes`);
      expect(body).to.include({ nombre_exercices: 2, photo: '2026-11-18' });
    });
  });

  describe('rebuild', () => {
    it('truncating and replaying the log gives the same table checksums', async () => {
      const before = await Promise.all(
        ltJarProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
      );
      await t.service.runner.rebuild(ltJarProjection.name);
      const after = await Promise.all(ltJarProjection.tables.map((table) => tableChecksum(t.db.knex, table)));
      expect(after).to.deep.equal(before);
    });
  });
});

describe(`Lithuania JAR freshness (e2e, ${targetDescription})`, () => {
  it('before the first pass completes, the profile and detail routes are 503 collecte_en_cours', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      for (const p of ROUTES('110003978')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'collecte_en_cours']);
      }
    } finally {
      await t.stop();
    }
  });

  it('a pass older than 7 days is 503 photo_perimee on every LT route, and LT is mute in the search', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      await ingestEurope(t, '2026-11-12', ['LT']);
      for (const p of ROUTES('110003978')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'photo_perimee']);
      }
      const { body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=Lietkompexim`);
      expect(body.registres_muets).to.deep.include({
        pays: 'LT',
        registre: 'lt.jar',
        motif: 'photo_perimee',
      });
    } finally {
      await t.stop();
    }
  });
});
