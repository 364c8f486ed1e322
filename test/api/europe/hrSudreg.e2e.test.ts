import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { hrSudregProjection } from '../../../projections/hr-sudreg/hrSudregProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import { PRIMJER_REGISTRE_HR } from '../../support/hrSudregFixtures.ts';
import type { RunningService } from '../../support/service.ts';

/** The sole trader of the fixtures (a trgovac pojedinac named after its owner): name, address, e-mail. */
const SOLE_TRADER = ['Horvatinović', 'Ilica', 'ivan.horvatinovic'];
/** The branch of a foreign company (a form that does not decide): never named either. */
const BRANCH = ['Beispiel Handel', 'Vukovarska'];

const ROUTES = (id: string) => [
  `entreprise/HR/${id}`,
  `entreprise/HR/${id}/insolvabilite`,
  `entreprise/HR/${id}/evenements`,
  `entreprise/HR/${id}/comptes`,
];

describe(`Croatia Sudski registar local copy (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['HR']);
  });
  after(() => t.stop());

  describe('unified profile and search', () => {
    it('a company: name, form, statut actif without a procedure, creation date, seat, no VAT asserted', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'HR',
        registre: 'Sudski registar',
        id_national: '28921383001',
        denomination: 'Primjer Energija dioničko društvo za proizvodnju',
        forme_juridique: { code: 'd.d.', libelle: 'dioničko društvo' },
        statut: 'actif',
        statut_detail: null,
        date_creation: '1990-12-28',
        adresse_siege: {
          adresse: 'Ulica grada Vukovara 37',
          code_postal: '10000',
          ville: 'Zagreb',
          pays: 'HR',
        },
        identifiants: { tva: null, lei: null },
      });
    });

    it('the registre_hr block: MBS, court, short name, procedure, estates, branch flag, capital, e-mails, photo', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001`);
      expect(body.registre_hr).to.deep.equal(PRIMJER_REGISTRE_HR);
      const bankrupt = (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/55123456788`)).body;
      expect(bankrupt.registre_hr).to.deep.include({
        procedure: { code: 'faillite', libelle: 'stečajni postupak', en_cours: true },
        masse_faillite: true,
        capital: null,
        emails_publies: [],
      });
    });

    it('an OIB and an MBS served as numbers that lost their leading zero are padded back', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/04123456786`);
      expect(res.status).to.equal(200);
      expect(body).to.include({
        id_national: '04123456786',
        denomination: 'Jadranska plovidba društvo s ograničenom odgovornošću',
      });
      expect(body.adresse_siege.adresse).to.equal('Obala kneza Branimira 5A');
      const byMbs = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/40012345`);
      expect([byMbs.res.status, byMbs.body.id_national]).to.deep.equal([200, '04123456786']);
    });

    it('an MBS (9 digits, or 8 with its leading zero lost) is resolved to the company and its OIB', async () => {
      for (const mbs of ['080000604', '80000604']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/${mbs}`);
        expect([res.status, body.id_national], mbs).to.deep.equal([200, '28921383001']);
      }
      const unknown = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/099999999`);
      expect([unknown.res.status, unknown.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('statuses: bankruptcy and liquidation are en_cessation with the procedure label verbatim; deleted is radie', async () => {
      const profile = async (id: string) => (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/${id}`)).body;
      expect(await profile('55123456788')).to.include({
        statut: 'en_cessation',
        statut_detail: 'stečajni postupak',
      });
      expect(await profile('73123456783')).to.include({
        statut: 'en_cessation',
        statut_detail: 'likvidacija',
      });
      expect(await profile('88123456786')).to.include({ statut: 'radie', statut_detail: null });
    });

    it('an OIB with a wrong check digit, or an identifier of another length, is a 400 on every route', async () => {
      for (const p of [...ROUTES('28921383002'), 'entreprise/HR/1234567890', 'entreprise/HR/1234567']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([400, 'parametre_invalide']);
      }
      for (const p of ['1234567890', '1234567'].flatMap((id) => ROUTES(id).slice(1))) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([400, 'parametre_invalide']);
      }
    });

    it('every detail route resolves an MBS (9 digits, or 8) to its company, as the profile does', async () => {
      for (const route of ROUTES('28921383001').slice(1)) {
        const byOib = await getJson(`${t.baseUrl}/v1/eu/${route}`);
        expect(byOib.res.status, route).to.equal(200);
        for (const mbs of ['080000604', '80000604']) {
          const byMbs = await getJson(`${t.baseUrl}/v1/eu/${route.replace('28921383001', mbs)}`);
          expect([byMbs.res.status, byMbs.body.id_national], `${route} by ${mbs}`).to.deep.equal([
            200,
            '28921383001',
          ]);
          expect(byMbs.body.mbs, `${route} by ${mbs}`).to.equal(byOib.body.mbs);
        }
      }
      const unknown = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/099999999/insolvabilite`);
      expect([unknown.res.status, unknown.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('subjects without an OIB or with a wrong check digit are set aside, not served', async () => {
      const { body } = await getJson(
        `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Krivi OIB')}&pays=HR`,
      );
      expect(body.resultats).to.deep.equal([]);
      const none = await getJson(
        `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Izbrisano poduzeće')}&pays=HR`,
      );
      expect(none.body.resultats).to.deep.equal([]);
    });

    it('a sole trader (trgovac pojedinac) is 404 entreprise_individuelle_non_servie on every route, and by MBS', async () => {
      for (const p of [...ROUTES('33123456785'), 'entreprise/HR/080777666']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      }
    });

    it('a branch of a foreign company (a form that does not decide) is 404 forme_juridique_non_servie', async () => {
      for (const p of ROUTES('22123456783')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([404, 'forme_juridique_non_servie']);
      }
    });

    it('an unknown valid OIB is 404 entreprise_inconnue', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/16123456780`);
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('the European search finds a Croatian company by name, by OIB and by MBS, and counts HR as covered', async () => {
      const byName = (
        await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Jadranska plovidba')}&pays=HR`)
      ).body;
      expect(byName.resultats[0]).to.include({
        pays: 'HR',
        id_national: '04123456786',
        registre: 'hr.sudreg',
      });
      expect(byName.pays_couverts).to.deep.equal([
        { pays: 'HR', registre: 'hr.sudreg', mode: 'copie_locale', entites: 5 },
      ]);
      for (const q of ['28921383001', '080000604', '80000604']) {
        const { body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=${q}&pays=HR`);
        expect(body.resultats[0], q).to.include({
          pays: 'HR',
          id_national: '28921383001',
          correspondance: 'identifiant_national',
        });
      }
    });

    it('the register dictionary carries the attribution to the ministry', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/provenance/registres`);
      const text = JSON.stringify(body);
      expect(text).to.contain('hr.sudreg');
      expect(text).to.contain('Ministarstvo pravosuđa');
    });
  });

  describe('insolvency (insolvabilite)', () => {
    it('bankruptcy: the procedure label verbatim, running, the bankruptcy estate, the MBS and the licence', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/55123456788/insolvabilite`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'HR',
        id_national: '55123456788',
        mbs: '081234567',
        denomination: 'Gradnja Sava d.o.o. u stečaju',
        procedure: { code: 'faillite', libelle: 'stečajni postupak', en_cours: true },
        masse_faillite: true,
        masse_liquidation: false,
        aucune_procedure: false,
        nombre_decisions: 1,
        decisions: [
          {
            rang: 2,
            type_id: 160,
            type: 'otvaranje stečajnog postupka',
            tribunal: 'Trgovački sud u Zagrebu',
            reference: 'Tt-25/9876-2',
            date: '2025-09-15',
            texte_retenu: true,
          },
        ],
        photo: '2026-11-18',
      });
      expect(body.licence).to.contain('Ministarstvo pravosuđa');
    });

    it('liquidation, and a deleted subject (no procedure running)', async () => {
      const liq = (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/73123456783/insolvabilite`)).body;
      expect(liq).to.deep.include({
        procedure: { code: 'liquidation', libelle: 'likvidacija', en_cours: true },
        masse_liquidation: true,
      });
      const gone = (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/88123456786/insolvabilite`)).body;
      expect(gone).to.deep.include({ procedure: { code: 'aucune', libelle: null, en_cours: false } });
    });

    it('no procedure is aucune, measured on the complete snapshot', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/insolvabilite`);
      expect(body).to.deep.include({
        mbs: '080000604',
        procedure: { code: 'aucune', libelle: null, en_cours: false },
        aucune_procedure: true,
      });
    });
  });

  describe('accounts (comptes)', () => {
    it('the statements filed, latest year first, consolidated flagged, dates cut to the day, with the licence', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/comptes`);
      expect(res.status).to.equal(200);
      const gfi = { code: null, libelle: 'godišnji financijski izvještaj' };
      expect(body).to.deep.include({
        pays: 'HR',
        id_national: '28921383001',
        denomination: 'Primjer Energija dioničko društvo za proizvodnju',
        mbs: '080000604',
        nombre_comptes: 3,
        aucun_compte_depose: false,
        dernier_exercice: 2024,
        comptes: [
          {
            rang: 3,
            annee: 2024,
            debut: '2024-01-01',
            fin: '2024-12-31',
            document: gfi,
            consolide: true,
            depose_le: '2025-06-27',
          },
          {
            rang: 2,
            annee: 2024,
            debut: '2024-01-01',
            fin: '2024-12-31',
            document: gfi,
            consolide: false,
            depose_le: '2025-04-29',
          },
          {
            rang: 1,
            annee: 2023,
            debut: '2023-01-01',
            fin: '2023-12-31',
            document: gfi,
            consolide: false,
            depose_le: '2024-04-26',
          },
        ],
        photo: '2026-11-18',
        photo_le: '2026-11-18',
      });
      expect(body.licence).to.contain('Ministarstvo pravosuđa');
    });

    it('the document label is served as published (a statement of inactivity)', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/04123456786/comptes`);
      expect(body).to.deep.include({ mbs: '040012345', nombre_comptes: 1, dernier_exercice: 2024 });
      expect(body.comptes[0]).to.deep.include({
        rang: 7,
        document: { code: null, libelle: 'izjava o neaktivnosti' },
        depose_le: '2025-03-31',
      });
    });

    it('no statement listed is aucun_compte_depose, measured on the complete snapshot', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/55123456788/comptes`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        mbs: '081234567',
        nombre_comptes: 0,
        aucun_compte_depose: true,
        dernier_exercice: null,
        comptes: [],
      });
    });

    it('is priced as the contract says: $0.01 the accounts, $0.02 the insolvency', async () => {
      const priceOf = (segment: string) =>
        t.service.app.registry.routes.find((r) => r.path === `/v1/eu/entreprise/HR/{oib}/${segment}`)?.price;
      expect([priceOf('comptes'), priceOf('insolvabilite')]).to.deep.equal([10_000, 20_000]);
    });
  });

  describe('privacy', () => {
    it('no sole trader or undecided-form name, address or e-mail is in any answer', async () => {
      const answers: string[] = [];
      for (const id of ['33123456785', '22123456783', '28921383001', '55123456788', '080777666']) {
        for (const p of ROUTES(id)) answers.push((await getJson(`${t.baseUrl}/v1/eu/${p}`)).text);
      }
      for (const q of ['Horvatinović', 'trgovac pojedinac', 'Beispiel Handel', 'Podružnica Zagreb']) {
        answers.push((await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(q)}`)).text);
      }
      const all = answers.join('\n');
      for (const s of [...SOLE_TRADER, ...BRANCH]) expect(all).to.not.contain(s);
    });

    it('nor the sole trader in the event log (the ingestion never records them)', async () => {
      const { rows } = await t.db.knex.raw(
        `select data::text as data from events where stream_id not like 'served-%'`,
      );
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('Jadranska plovidba');
      for (const s of SOLE_TRADER) expect(log).to.not.contain(s);
    });

    it('nor the sole trader’s filed statements: its subject keeps none, and its comptes is a 404', async () => {
      const { rows } = await t.db.knex.raw(`select data::text as data from events where stream_id = ?`, [
        'hr.sudreg-subjekt-33123456785',
      ]);
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('"gfi": []');
      expect(log).to.not.contain('2025-04-30');
      const { res, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/33123456785/comptes`);
      expect(res.status).to.equal(404);
      for (const s of [...SOLE_TRADER, '2025-04-30']) expect(text).to.not.contain(s);
    });
  });

  describe('rebuild', () => {
    it('truncating and replaying the log gives the same table checksums', async () => {
      const before = await Promise.all(
        hrSudregProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
      );
      await t.service.runner.rebuild(hrSudregProjection.name);
      const after = await Promise.all(
        hrSudregProjection.tables.map((table) => tableChecksum(t.db.knex, table)),
      );
      expect(after).to.deep.equal(before);
    });
  });
});

describe(`Croatia Sudski registar freshness (e2e, ${targetDescription})`, () => {
  it('before the first pass completes, the profile and detail routes are 503 collecte_en_cours', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      for (const p of ROUTES('28921383001')) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'collecte_en_cours']);
      }
    } finally {
      await t.stop();
    }
  });

  it('no pass for 7 days is 503 photo_perimee on every HR route (fail-closed), and HR is mute in the search', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      await ingestEurope(t, '2026-11-12', ['HR']);
      for (const p of [...ROUTES('28921383001'), 'entreprise/HR/080000604']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect([res.status, body.error], p).to.deep.equal([503, 'photo_perimee']);
      }
      const { body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=Primjer`);
      expect(body.registres_muets).to.deep.include({
        pays: 'HR',
        registre: 'hr.sudreg',
        motif: 'photo_perimee',
      });
    } finally {
      await t.stop();
    }
  });
});
