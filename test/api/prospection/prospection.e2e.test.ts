import { expect } from 'chai';
import { UNITE_LEGALE } from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { readSireneSample } from '../../support/sireneSample.ts';
import {
  CORDIS_PARTICIPANT,
  DECP_HOLDER,
  DECP_SNAPSHOT,
  DECP_SOLE_PROPRIETOR,
  DECP_STALE,
  HEAD_OFFICE_OPTED_OUT,
  NOW,
  SNAPSHOT,
  startProspectionService,
  UNIT_OPTED_OUT,
} from './prospectionService.ts';

// biome-ignore lint/suspicious/noExplicitAny: bodies are read as the client reads them
type Json = any;

interface Answer {
  status: number;
  body: Json;
  text: string;
}

/** PROSPA: created 1955; its head office 00552024200081 opened 2023-03-01 (real sample rows). */
const PROSPA = '005520242';
/** HERNAS CARTONNAGE: created 1955; its establishment 00552017600032 opened 1999-08-30, still active. */
const HERNAS = '005520176';
/** SOCIETE DE DISTRIBUTION DE PAPIER: created 1958-01-01 (dateCreationUniteLegale), active. */
const CREATED_1958 = '005480546';

const ALL_STATES = { champ: 'identite.etat', op: 'in', valeur: ['A', 'C'] };
const sirensOf = (a: Answer): string[] => a.body.resultats.map((r: Json) => r.identite.siren);
const signalsOf = (a: Answer, siren: string): Json[] =>
  a.body.resultats.find((r: Json) => r.identite.siren === siren)?.signaux;

describe(`GET /v1/prospection (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const clock = { now: NOW };

  async function get(query: Record<string, unknown> = {}, route = '/v1/prospection'): Promise<Answer> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    const res = await fetch(`${t.baseUrl}${route}?${params}`);
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text), text };
  }

  /** Every page of a query (pages of 5 in this suite), as answers. */
  async function allPages(query: Record<string, unknown>, route = '/v1/prospection'): Promise<Answer[]> {
    const pages: Answer[] = [];
    for (let page = 1; page <= 100; page++) {
      const a = await get({ ...query, page: String(page) }, route);
      expect(a.status, a.text).to.equal(200);
      pages.push(a);
      if (!a.body.page_suivante) break;
    }
    return pages;
  }
  const allSirens = async (query: Record<string, unknown>, route?: string) =>
    (await allPages(query, route)).flatMap(sirensOf);

  before(async function () {
    // Four passes projected on the embedded database: well under a minute alone, more on a busy machine.
    this.timeout(300_000);
    t = await startProspectionService(clock);
  });
  after(async () => {
    await t?.stop();
  });
  afterEach(() => {
    clock.now = NOW;
  });

  describe('the lister’s criteria', () => {
    it('lists the companies the lister lists for the same criteria, less the opted-out head office', async () => {
      for (const criteres of [[], [ALL_STATES], [{ champ: 'identite.forme', op: '=', valeur: '5710' }]]) {
        const listed = await allSirens({ criteres }, '/v1/entreprises/requete/lister');
        const prospects = await allSirens({ criteres });
        expect(prospects).to.deep.equal(listed.filter((s) => s !== HEAD_OFFICE_OPTED_OUT));
      }
    });

    it('echoes the criteria, sort and page as the lister does', async () => {
      const q = { criteres: [ALL_STATES], tri: '-identite.siren', page: '2' };
      const lister = await get(q, '/v1/entreprises/requete/lister');
      const a = await get(q);
      expect(a.status).to.equal(200);
      for (const member of ['criteres', 'tri', 'page', 'champs']) {
        expect(a.body[member], member).to.deep.equal(lister.body[member]);
      }
      expect(a.body.resultats.map((r: Json) => r.identite)).to.deep.equal(
        lister.body.resultats
          .map((r: Json) => r.identite)
          .filter((i: Json) => i.siren !== HEAD_OFFICE_OPTED_OUT),
      );
    });

    it('refuses what the lister refuses, with the same body', async () => {
      for (const q of [
        { criteres: 'pas du json' },
        { criteres: [{ champ: 'identite.inconnu', op: '=', valeur: 'x' }] },
        { tri: 'identite.inconnu' },
        { page: '101' },
        { champs: 'identite.inconnu' },
        { inconnu: '1' },
      ]) {
        const lister = await get(q, '/v1/entreprises/requete/lister');
        const a = await get(q);
        expect(a.status, JSON.stringify(q)).to.equal(400);
        // The message of an unknown parameter lists the route's own parameters: the rest is the same.
        const { message: _m, ...refusal } = a.body;
        const { message: _l, ...listerRefusal } = lister.body;
        expect(refusal, JSON.stringify(q)).to.deep.equal(listerRefusal);
      }
    });
  });

  describe('signals', () => {
    it('creation_recente: a company created within the window, dated by dateCreationUniteLegale', async () => {
      clock.now = new Date('1958-06-01T10:00:00Z');
      const a = await get({ criteres: [ALL_STATES], signaux: 'creation_recente', recence_mois: '12' });
      expect(a.status, a.text).to.equal(200);
      expect(a.body.fenetre).to.deep.equal({
        recence_mois: 12,
        depuis: '1957-06-01',
        jusqu_au: '1958-06-01',
      });
      expect(sirensOf(a)).to.deep.equal([CREATED_1958]);
      expect(signalsOf(a, CREATED_1958)).to.deep.include({
        code: 'creation_recente',
        date: '1958-01-01',
        source: 'fr.sirene',
      });
    });

    it('nouvel_etablissement: an active establishment opened after the company, within the window', async () => {
      const a = await get({ signaux: 'nouvel_etablissement', recence_mois: '60' });
      expect(sirensOf(a)).to.deep.equal([PROSPA]);
      expect(signalsOf(a, PROSPA)).to.deep.equal([
        { code: 'nouvel_etablissement', date: '2023-03-01', source: 'fr.sirene' },
      ]);
      clock.now = new Date('2000-01-01T00:00:00Z');
      const before = await get({ signaux: 'nouvel_etablissement', recence_mois: '12' });
      expect(sirensOf(before)).to.deep.equal([HERNAS]);
      expect(signalsOf(before, HERNAS)).to.deep.equal([
        { code: 'nouvel_etablissement', date: '1999-08-30', source: 'fr.sirene' },
      ]);
    });

    it('nouvel_etablissement: none when the opening is older than the window', async () => {
      const a = await get({ signaux: 'nouvel_etablissement', recence_mois: '12' });
      expect(a.status).to.equal(200);
      expect(a.body.nombre_resultats).to.equal(0);
    });

    it('marche_public_gagne: a contract the company holds, dated by its notification (DECP)', async () => {
      const a = await get({ signaux: 'marche_public_gagne', recence_mois: '36' });
      expect(sirensOf(a)).to.deep.equal([DECP_HOLDER]);
      expect(signalsOf(a, DECP_HOLDER)).to.deep.equal([
        { code: 'marche_public_gagne', date: '2024-02-08', source: 'fr.decp' },
      ]);
      const older = await get({ signaux: 'marche_public_gagne', recence_mois: '12' });
      expect(older.body.nombre_resultats).to.equal(0);
    });

    it('financement_ue: an EU contribution to a project started within the window (CORDIS)', async () => {
      const a = await get({ signaux: 'financement_ue', recence_mois: '36' });
      expect(sirensOf(a)).to.deep.equal([CORDIS_PARTICIPANT]);
      expect(signalsOf(a, CORDIS_PARTICIPANT)).to.deep.equal([
        { code: 'financement_ue', date: '2024-06-01', source: 'eu.cordis' },
      ]);
    });

    it('each result lists every signal it carries, filtered or not', async () => {
      const a = await get({
        criteres: [{ champ: 'identite.siren', op: '=', valeur: PROSPA }],
        recence_mois: '60',
      });
      expect(a.body.signaux_demandes).to.deep.equal([]);
      expect(signalsOf(a, PROSPA)).to.deep.equal([
        { code: 'nouvel_etablissement', date: '2023-03-01', source: 'fr.sirene' },
      ]);
      const quiet = await get({ criteres: [{ champ: 'identite.siren', op: '=', valeur: HERNAS }] });
      expect(signalsOf(quiet, HERNAS)).to.deep.equal([]);
    });
  });

  describe('the signaux filter', () => {
    it('lists the companies carrying at least one of the signals asked, counted exactly', async () => {
      const a = await get({
        signaux: 'marche_public_gagne,financement_ue,nouvel_etablissement',
        recence_mois: '60',
      });
      expect(a.body.signaux_demandes).to.deep.equal([
        'marche_public_gagne',
        'financement_ue',
        'nouvel_etablissement',
      ]);
      expect(sirensOf(a)).to.deep.equal([CORDIS_PARTICIPANT, PROSPA, DECP_HOLDER]);
      expect(a.body.nombre_resultats).to.equal(3);
    });

    it('combines with the criteria', async () => {
      const a = await get({
        criteres: [{ champ: 'identite.forme', op: '=', valeur: '5710' }],
        signaux: 'marche_public_gagne,financement_ue,nouvel_etablissement',
        recence_mois: '60',
      });
      expect(sirensOf(a)).to.deep.equal([PROSPA, DECP_HOLDER]);
    });

    it('an empty filter is no filter', async () => {
      const a = await get({ signaux: '' });
      const b = await get({});
      expect(a.body.nombre_resultats).to.equal(b.body.nombre_resultats).and.be.above(3);
    });
  });

  describe('refusals (before any payment)', () => {
    it('an unknown signal: 400 valeur_invalide on signaux, naming it', async () => {
      const a = await get({ signaux: 'creation_recente,levee_de_fonds' });
      expect(a.status).to.equal(400);
      expect(a.body).to.include({
        error: 'valeur_invalide',
        champ: 'signaux',
        indice: 1,
        nom: 'levee_de_fonds',
      });
      expect(a.body.message).to.contain('levee_de_fonds');
    });

    it('effectif_en_hausse: 400, saying the read models keep no earlier band', async () => {
      const a = await get({ signaux: 'effectif_en_hausse' });
      expect(a.status).to.equal(400);
      expect(a.body).to.include({ error: 'valeur_invalide', champ: 'signaux' });
      expect(a.body.message).to.contain('tranche d’effectif courante');
    });

    it('recence_mois outside 1 to 60: 400 valeur_invalide', async () => {
      for (const recence of ['0', '61', 'douze', '-3']) {
        const a = await get({ recence_mois: recence });
        expect(a.status, recence).to.equal(400);
        expect(a.body, recence).to.include({ error: 'valeur_invalide', champ: 'recence_mois' });
      }
    });
  });

  describe('privacy', () => {
    it('a unit published partially diffusible (P) is never listed, even named by its SIREN', async () => {
      const named = await get({ criteres: [{ champ: 'identite.siren', op: '=', valeur: UNIT_OPTED_OUT }] });
      expect(named.body.nombre_resultats).to.equal(0);
      expect(await allSirens({ criteres: [ALL_STATES], recence_mois: '60' })).not.to.include(UNIT_OPTED_OUT);
    });

    it('a company whose head office is published partially diffusible (P) is never listed', async () => {
      const named = await get({
        criteres: [{ champ: 'identite.siren', op: '=', valeur: HEAD_OFFICE_OPTED_OUT }],
      });
      expect(named.body.nombre_resultats).to.equal(0);
      expect(await allSirens({ criteres: [ALL_STATES] })).not.to.include(HEAD_OFFICE_OPTED_OUT);
    });

    it('no sole proprietor is listed, nor named, even one holding a public contract', async () => {
      const units = await readSireneSample(UNITE_LEGALE);
      const legalPersons = units.filter((u) => !/^[12]/.test(String(u.record.categorieJuridiqueUniteLegale)));
      const soleProprietors = units.filter((u) => u.record.categorieJuridiqueUniteLegale === '1000');
      expect(soleProprietors.length).to.be.above(200);
      const pages = await allPages({ criteres: [ALL_STATES], recence_mois: '60' });
      const text = pages.map((p) => p.text).join('\n');
      const sirens = pages.flatMap(sirensOf);
      const denominations = legalPersons.map((u) => String(u.record.denominationUniteLegale)).join(' ');
      for (const u of soleProprietors) {
        expect(sirens).not.to.include(u.id);
        const nom = String(u.record.nomUniteLegale ?? '');
        // A surname that is also in a legal person's published name (LEGRAND PAUL, SARL) is that company's.
        if (nom.length > 2 && !denominations.includes(nom)) expect(text, u.id).not.to.contain(nom);
      }
      const contracts = await get({ signaux: 'marche_public_gagne', recence_mois: '60' });
      expect(sirensOf(contracts)).to.deep.equal([DECP_HOLDER]);
      expect(contracts.text).not.to.contain(DECP_SOLE_PROPRIETOR);
    });
  });

  describe('provenance', () => {
    it('cites first and names the version of every register read, signals’ sources included', async () => {
      const a = await get({ signaux: 'financement_ue', recence_mois: '60' });
      expect(Object.keys(a.body)[0]).to.equal('citation');
      const provenance = a.body.provenance as Json[];
      expect(provenance.map((p) => p.registre).sort()).to.deep.equal([
        'eu.cordis',
        'fr.decp',
        'fr.ratios-inpi-bce',
        'fr.sirene',
      ]);
      for (const p of provenance) {
        const date = p.registre === 'fr.decp' ? DECP_SNAPSHOT : SNAPSHOT;
        expect(p, p.registre).to.include({ version: date, date_photo: date });
      }
      for (const r of a.body.resultats)
        for (const s of r.signaux) expect(provenance.map((p) => p.registre)).to.include(s.source);
      expect(a.body.signaux_non_calcules).to.deep.equal([]);
    });

    it('a signal register without a fresh copy: its signals said not computed, its version not cited', async () => {
      clock.now = DECP_STALE;
      const a = await get({ recence_mois: '60' });
      expect(a.status, a.text).to.equal(200);
      expect(a.body.signaux_non_calcules).to.deep.equal([
        { code: 'marche_public_gagne', registre: 'fr.decp', motif: 'stock_perime' },
      ]);
      expect(a.body.provenance.map((p: Json) => p.registre)).not.to.include('fr.decp');
      const all = await allPages({ recence_mois: '60' });
      for (const r of all.flatMap((p) => p.body.resultats)) {
        expect(r.signaux.map((s: Json) => s.code)).not.to.include('marche_public_gagne');
      }
    });

    it('filtering on a signal whose register has no fresh copy is a 503, not an empty list sold', async () => {
      clock.now = DECP_STALE;
      const a = await get({ signaux: 'marche_public_gagne,nouvel_etablissement', recence_mois: '60' });
      expect(a.status).to.equal(503);
      expect(a.body).to.include({ error: 'stock_perime', registre: 'fr.decp', motif_panne: 'stock_perime' });
    });

    it('a stale list is refused whatever the signals: 503 stock_perime', async () => {
      clock.now = new Date('2027-02-01T00:00:00Z');
      const a = await get({});
      expect(a.status).to.equal(503);
      expect(a.body.error).to.equal('stock_perime');
    });
  });
});
