import { expect } from 'chai';
import { HR_SUDREG_DEMO_ENTRIES, HR_SUDREG_DEMO_FILE } from '../../../ingest/hr-sudreg/hrSudregDemo.ts';
import { ingestHrSudreg } from '../../../ingest/hr-sudreg/ingestHrSudreg.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { hrSudregProjection } from '../../../projections/hr-sudreg/hrSudregProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** The persons the entry texts and notes of the fixtures name (a founder, a board member, a receiver…). */
const PERSONS = [
  'Petrović-Kranjčec',
  'Zvonimir',
  '69435151530',
  'rođen',
  'Kovačević-Lukić',
  'Babić-Šimunović',
  '94577403194',
  'Jurić-Vidović',
  'Horvatinović',
  'Ilica 250',
];
/** A text without any person: withheld all the same (the closed list of served types is empty). */
const PLAIN_TEXT = 'Temeljni kapital povećan';

const zagreb = 'Trgovački sud u Zagrebu';

describe(`Croatia Sudski registar court-register entries (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['HR']);
  });
  after(() => t.stop());

  describe('evenements', () => {
    it('every entry and type, latest first, with the ruling behind it; texts withheld, counted', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/evenements`);
      expect(res.status).to.equal(200);
      const line = (
        rang: number,
        type_id: number | null,
        type: string | null,
        categorie: string | null,
        texte_retenu: boolean,
        reference: string,
        date: string,
      ) => ({
        rang,
        type_id,
        type,
        categorie,
        texte: null,
        texte_retenu,
        decision: { tribunal: zagreb, reference, date },
      });
      const changes = 'Promjene podataka subjekta upisa';
      expect(body).to.deep.include({
        pays: 'HR',
        id_national: '28921383001',
        denomination: 'Primjer Energija dioničko društvo za proizvodnju',
        mbs: '080000604',
        nombre_inscriptions: 6,
        textes_servis: 0,
        textes_retenus: 3,
        inscriptions: [
          // A virtual entry without a type: one line, type null.
          line(5, null, null, null, false, 'Tt-24/3333-2', '2024-02-01'),
          line(
            4,
            130,
            'promjena osoba ovlaštenih za zastupanje',
            changes,
            true,
            'Tt-24/3333-2',
            '2024-02-01',
          ),
          line(3, 125, 'promjena temeljnog kapitala', changes, true, 'Tt-23/22222-2', '2023-06-20'),
          // An entry of two types: a line each; the type's active name (history_columns) wins.
          line(2, 120, 'promjena tvrtke', changes, false, 'Tt-15/4567-3', '2015-03-10'),
          line(2, 121, 'promjena sjedišta', changes, false, 'Tt-15/4567-3', '2015-03-10'),
          line(
            1,
            104,
            'osnivanja dioničkog društva',
            'Osnivanje subjekta upisa',
            true,
            'Tt-90/1234-2',
            '1990-12-28',
          ),
        ],
        photo: '2026-11-18',
        photo_le: '2026-11-18',
      });
      expect(body.licence).to.contain('Ministarstvo pravosuđa');
    });

    it('a plain date is read, a court missing from sudovi is null (not extracted), a text row without text is none', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/04123456786/evenements`);
      expect(body).to.deep.include({ mbs: '040012345', nombre_inscriptions: 2, textes_retenus: 0 });
      expect(body.inscriptions.map((i: { decision: unknown }) => i.decision)).to.deep.equal([
        { tribunal: null, reference: 'Tt-21/888-2', date: '2021-11-30' },
        { tribunal: 'Trgovački sud u Splitu', reference: 'Tt-12/777-4', date: '2012-07-01' },
      ]);
    });

    it('a subject without entries is an empty list with count 0', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/88123456786/evenements`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({ nombre_inscriptions: 0, textes_retenus: 0, inscriptions: [] });
    });

    it('is priced $0.02 as the contract says', () => {
      const route = t.service.app.registry.routes.find(
        (r) => r.path === '/v1/eu/entreprise/HR/{oib}/evenements',
      );
      expect(route?.price).to.equal(20_000);
    });

    it('an OIB with a wrong check digit is a 400 naming the field; an unknown one a 404', async () => {
      const bad = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383002/evenements`);
      expect([bad.res.status, bad.body.error, bad.body.champ]).to.deep.equal([
        400,
        'parametre_invalide',
        'oib',
      ]);
      const unknown = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/16123456780/evenements`);
      expect([unknown.res.status, unknown.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('the sole trader’s entries are never served: 404 entreprise_individuelle_non_servie', async () => {
      const { res, body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/33123456785/evenements`);
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
      expect(text).to.not.contain('Tt-05/606-2');
    });
  });

  describe('insolvency decisions', () => {
    it('liquidation: the entry that entered the procedure (postupci), typed by its liquidation type, on the court of Rijeka', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/73123456783/insolvabilite`);
      expect(body).to.deep.include({
        procedure: { code: 'liquidation', libelle: 'likvidacija', en_cours: true },
        nombre_decisions: 1,
        decisions: [
          {
            rang: 2,
            type_id: 161,
            type: 'otvaranje postupka likvidacije',
            tribunal: 'Trgovački sud u Rijeci',
            reference: 'Tt-26/1111-2',
            date: '2026-05-04',
            texte_retenu: true,
          },
        ],
      });
      // The same entry on the entries route: a line per type, the liquidator's note withheld.
      const entries = (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/73123456783/evenements`)).body;
      expect(entries.inscriptions.filter((i: { rang: number }) => i.rang === 2)).to.have.length(2);
    });

    it('no procedure and no insolvency entry: 0 decisions, measured', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/insolvabilite`);
      expect(body).to.deep.include({ aucune_procedure: true, nombre_decisions: 0, decisions: [] });
    });
  });

  describe('privacy', () => {
    it('no person an entry text or note names is in any HR answer', async () => {
      const answers: string[] = [];
      for (const id of ['28921383001', '04123456786', '55123456788', '73123456783', '33123456785']) {
        for (const s of ['', '/insolvabilite', '/evenements', '/comptes']) {
          answers.push((await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/${id}${s}`)).text);
        }
      }
      for (const q of ['Petrović', 'Kovačević', 'Babić', 'Horvatinović']) {
        answers.push((await getJson(`${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(q)}`)).text);
      }
      const all = answers.join('\n');
      for (const s of [...PERSONS, PLAIN_TEXT]) expect(all, s).to.not.contain(s);
    });

    it('nor in the event log: no entry text is ever recorded, only that the entry has one', async () => {
      const { rows } = await t.db.knex.raw(
        `select data::text as data from events where stream_id like 'hr.sudreg-%'`,
      );
      const log = (rows as { data: string }[]).map((r) => r.data).join('\n');
      expect(log).to.contain('Tt-23/22222-2');
      expect(log).to.contain('ostali_tekstovi');
      for (const s of [...PERSONS, PLAIN_TEXT]) expect(log, s).to.not.contain(s);
    });
  });

  describe('rebuild', () => {
    it('truncating and replaying the log gives the same checksums for the entries tables too', async () => {
      const tables = hrSudregProjection.tables;
      expect(tables).to.include.members([
        'eu_hr_upisi',
        'eu_hr_upisi_vrste',
        'eu_hr_upisi_tekstovi',
        'eu_hr_upisi_postupci',
        'eu_hr_sifrarnici',
      ]);
      const before = await Promise.all(tables.map((table) => tableChecksum(t.db.knex, table)));
      const { rows } = await t.db.knex.raw('select count(*)::int as n from eu_hr_upisi');
      expect(rows[0].n).to.equal(13);
      await t.service.runner.rebuild(hrSudregProjection.name);
      const after = await Promise.all(tables.map((table) => tableChecksum(t.db.knex, table)));
      expect(after).to.deep.equal(before);
    });
  });
});

describe(`Croatia Sudski registar entries not collected (e2e, ${targetDescription})`, () => {
  it('a pass of the daily snapshot alone: evenements is 503 collecte_en_cours, nombre_decisions null', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      await ingestHrSudreg({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        file: HR_SUDREG_DEMO_FILE,
        snapshotDate: '2026-11-18',
      });
      await t.service.runner.caughtUp();
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/evenements`);
      expect([res.status, body.error]).to.deep.equal([503, 'collecte_en_cours']);
      expect(res.headers.get('retry-after')).to.equal('60');
      const insolvency = (await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/55123456788/insolvabilite`)).body;
      expect(insolvency).to.deep.include({ nombre_decisions: null, decisions: [] });
    } finally {
      await t.stop();
    }
  });

  it('a later pass without the entries files drops them: back to 503, not an empty list', async () => {
    const t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    try {
      const pass = (snapshotDate: string, entries?: typeof HR_SUDREG_DEMO_ENTRIES) =>
        ingestHrSudreg({
          knex: t.db.knex,
          store: t.service.store,
          logger: testLogger,
          file: HR_SUDREG_DEMO_FILE,
          ...(entries ? { entries } : {}),
          snapshotDate,
        });
      await pass('2026-11-17', HR_SUDREG_DEMO_ENTRIES);
      await t.service.runner.caughtUp();
      const first = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/evenements`);
      expect(first.res.status).to.equal(200);
      await pass('2026-11-18');
      await t.service.runner.caughtUp();
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/HR/28921383001/evenements`);
      expect([res.status, body.error]).to.deep.equal([503, 'collecte_en_cours']);
      const { rows } = await t.db.knex.raw('select count(*)::int as n from eu_hr_upisi');
      expect(rows[0].n).to.equal(0);
    } finally {
      await t.stop();
    }
  });
});
