import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { FIELDS } from '../../../api/lister/fieldCatalogue.ts';
import { targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { readSireneSample } from '../../support/sireneSample.ts';
import { getJson, type JsonAnswer, startListerService } from './listerService.ts';

/** The 16 active legal persons of the Sirene samples (categories 3xxx-9xxx, state A). */
const ACTIVE = [
  '005420021',
  '005420120',
  '005420260',
  '005450093',
  '005480082',
  '005480231',
  '005480546',
  '005520028',
  '005520077',
  '005520119',
  '005520176',
  '005520242',
  '005520325',
  '005520416',
  '005520440',
  '005541552',
];

const sirensOf = (a: JsonAnswer): string[] =>
  a.body.resultats.map((r: { identite: { siren: string } }) => r.identite.siren);
const crit = (champ: string, op: string, valeur: unknown) => ({ criteres: [{ champ, op, valeur }] });

describe(`Companies list routes (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const lister = (q: Record<string, unknown> = {}) => getJson(t, 'lister', q);
  const compter = (q: Record<string, unknown> = {}) => getJson(t, 'compter', q);

  before(async function () {
    // Two passes projected on the embedded database: well under a minute alone, more on a busy machine.
    this.timeout(300_000);
    t = await startListerService({ clock, pageSize: 5 });
  });
  after(async () => {
    await t?.stop();
  });
  afterEach(() => {
    clock.now = new Date('2026-11-20T10:00:00Z');
  });

  describe('criteria', () => {
    it('without criteria, lists the active legal persons only', async () => {
      const a = await compter();
      expect(a.status).to.equal(200);
      expect(a.body.nombre_resultats).to.equal(ACTIVE.length);
    });

    it('ceased companies come only with an explicit criterion on identite.etat', async () => {
      const ceased = await compter(crit('identite.etat', '=', 'C'));
      const both = await compter(crit('identite.etat', 'in', ['A', 'C']));
      expect(ceased.body.nombre_resultats).to.equal(33);
      expect(both.body.nombre_resultats).to.equal(ACTIVE.length + 33);
    });

    it('= keeps the head offices of one département', async () => {
      const a = await lister({ ...crit('siege.departement', '=', '80'), page: '2' });
      const count = (await compter(crit('siege.departement', '=', '80'))).body.nombre_resultats;
      expect(count).to.equal(8);
      expect(
        a.body.resultats.every((r: { siege: { departement: string } }) => r.siege.departement === '80'),
      ).to.equal(true);
    });

    it('!= excludes a legal form', async () => {
      const a = await compter(crit('identite.forme', '!=', '5599'));
      expect(a.body.nombre_resultats).to.equal(11);
    });

    it('> and >= compare turnover, the bound included only by >=', async () => {
      expect((await compter(crit('finances.ca', '>', 5_100_000))).body.nombre_resultats).to.equal(3);
      expect((await compter(crit('finances.ca', '>=', 5_100_000))).body.nombre_resultats).to.equal(4);
    });

    it('< and <= compare turnover; a published zero counts, a withheld or missing figure never does', async () => {
      const below = await lister(crit('finances.ca', '<', 310_000));
      expect(sirensOf(below)).to.deep.equal(['005520440']);
      const upTo = await lister(crit('finances.ca', '<=', 310_000));
      expect(sirensOf(upTo)).to.deep.equal(['005420260', '005520440']);
    });

    it('in takes a list of départements', async () => {
      const a = await lister(crit('siege.departement', 'in', ['04', '44']));
      expect(sirensOf(a)).to.deep.equal(['005450093', '005480082', '005480231', '005480546']);
    });

    it('entre takes inclusive bounds on a date', async () => {
      const a = await compter(crit('identite.date_creation', 'entre', ['1955-01-01', '1955-12-25']));
      expect(a.body.nombre_resultats).to.equal(8);
    });

    it('commence_par matches activity codes and postal codes by prefix', async () => {
      expect(sirensOf(await lister(crit('identite.naf', 'commence_par', '46')))).to.deep.equal([
        '005420021',
        '005520325',
      ]);
      expect(sirensOf(await lister(crit('siege.code_postal', 'commence_par', '801')))).to.deep.equal([
        '005420021',
        '005520416',
        '005520440',
      ]);
    });

    it('order comparisons on workforce bands ignore non-employers (NN)', async () => {
      const a = await lister(crit('identite.tranche_effectifs', '>=', '11'));
      expect(sirensOf(a)).to.deep.equal(['005420120', '005520176', '005520242', '005520325']);
    });

    it('criteria combine with and: département, activity prefix and turnover band', async () => {
      const a = await lister({
        criteres: [
          { champ: 'siege.departement', op: 'in', valeur: ['44', '80'] },
          { champ: 'finances.ca', op: 'entre', valeur: [500_000, 10_000_000] },
          { champ: 'identite.forme', op: 'commence_par', valeur: '57' },
        ],
      });
      expect(sirensOf(a)).to.deep.equal(['005420021', '005480546', '005520176']);
    });

    it('echoes the criteria and describes each field used in champs', async () => {
      const a = await lister(crit('finances.ca', '>', 1000));
      expect(a.body.criteres).to.deep.equal([{ champ: 'finances.ca', op: '>', valeur: 1000 }]);
      expect(a.body.champs['finances.ca']).to.include({ type: 'entier', source: 'fr.ratios-inpi-bce' });
      expect(a.body.champs['finances.ca'].semantique).to.be.a('string').and.not.empty;
      expect(a.body.champs['identite.etat'].source).to.equal('fr.sirene');
    });

    it('serves the requested extra fields, withheld figures as null', async () => {
      const a = await lister({
        ...crit('identite.siren', '=', '005520242'),
        champs: 'finances.ebe,identite.date_creation',
      });
      expect(a.body.resultats[0].finances).to.deep.equal({
        date_cloture: '2022-12-31',
        ca: null,
        resultat_net: -693623,
        ebe: null,
      });
      expect(a.body.resultats[0].identite.date_creation).to.equal('1955-01-01');
    });
  });

  describe('sort and pages', () => {
    async function allPages(q: Record<string, unknown>): Promise<JsonAnswer[]> {
      const pages: JsonAnswer[] = [];
      for (let page = 1; ; page++) {
        const a = await lister({ ...q, page: String(page) });
        expect(a.status).to.equal(200);
        pages.push(a);
        if (!a.body.page_suivante) return pages;
      }
    }

    it('pages to the end: the count equals the sum of the pages, with no repeat', async () => {
      const pages = await allPages({});
      expect(pages.map((p) => p.body.resultats.length)).to.deep.equal([5, 5, 5, 1]);
      const sirens = pages.flatMap(sirensOf);
      expect(sirens).to.deep.equal(ACTIVE);
      expect(pages.every((p) => p.body.nombre_resultats === sirens.length)).to.equal(true);
    });

    it('a page past the end is empty and says there is no next page', async () => {
      const a = await lister({ page: '5' });
      expect(a.status).to.equal(200);
      expect(a.body.resultats).to.deep.equal([]);
      expect(a.body.page_suivante).to.equal(false);
      expect(a.body.nombre_resultats).to.equal(16);
    });

    it('a page past the end of another sort is empty too, with the whole count', async () => {
      const a = await lister({ page: '5', tri: '-finances.ca' });
      expect(a.status).to.equal(200);
      expect(a.body.resultats).to.deep.equal([]);
      expect(a.body.page_suivante).to.equal(false);
      expect(a.body.nombre_resultats).to.equal(16);
    });

    it('sorts descending with missing values last, SIREN breaking ties', async () => {
      const pages = await allPages({ tri: '-finances.ca' });
      const cas = pages.flatMap((p) =>
        p.body.resultats.map((r: { finances: { ca: number | null } }) => r.finances.ca),
      );
      expect(cas.slice(0, 12)).to.deep.equal([
        48_000_000, 15_000_000, 9_800_000, 5_100_000, 3_400_000, 2_300_000, 1_250_000, 780_000, 560_000,
        450_000, 310_000, 0,
      ]);
      expect(cas.slice(12)).to.deep.equal([null, null, null, null]);
      expect(pages.flatMap(sirensOf).slice(12)).to.deep.equal([
        '005480231',
        '005520028',
        '005520242',
        '005520416',
      ]);
      expect(pages[0]!.body.tri).to.deep.equal({
        champ: 'finances.ca',
        ordre: 'desc',
        valeurs_absentes: 'en_dernier',
      });
    });

    it('sorts ascending with missing values last too', async () => {
      const pages = await allPages({ tri: 'finances.ca' });
      const cas = pages.flatMap((p) =>
        p.body.resultats.map((r: { finances: { ca: number | null } }) => r.finances.ca),
      );
      expect(cas[0]).to.equal(0);
      expect(cas.slice(-4)).to.deep.equal([null, null, null, null]);
    });

    it('the count equals the sum of the pages for combined criteria and any sort', async () => {
      const q = { ...crit('identite.etat', 'in', ['A', 'C']), tri: '-identite.date_creation' };
      const pages = await allPages(q);
      const sirens = pages.flatMap(sirensOf);
      expect(new Set(sirens).size).to.equal(sirens.length);
      expect((await compter({ criteres: q.criteres })).body.nombre_resultats).to.equal(sirens.length);
    });
  });

  describe('refusals', () => {
    async function refused(
      a: JsonAnswer,
      error: string,
      at: { champ: string; indice?: number | null; nom?: string | null },
    ) {
      expect(a.status, a.text).to.equal(400);
      expect(Object.keys(a.body).sort()).to.deep.equal(['champ', 'error', 'indice', 'message', 'nom']);
      expect(a.body).to.include({ error, champ: at.champ, indice: at.indice ?? null, nom: at.nom ?? null });
      expect(a.body.message).to.be.a('string').and.not.empty;
    }

    it('parametre_inconnu: a query parameter the route does not take', async () => {
      await refused(await lister({ filtre: 'x' }), 'parametre_inconnu', { champ: 'filtre' });
      await refused(await compter({ tri: 'finances.ca' }), 'parametre_inconnu', { champ: 'tri' });
    });

    it('criteres_illisibles: not JSON, not an array, or an item not {champ, op, valeur}', async () => {
      await refused(await lister({ criteres: '[{champ:' }), 'criteres_illisibles', { champ: 'criteres' });
      await refused(await lister({ criteres: { champ: 'finances.ca' } }), 'criteres_illisibles', {
        champ: 'criteres',
      });
      await refused(
        await lister({
          criteres: [
            { champ: 'finances.ca', op: '>', valeur: 1 },
            { champ: 'finances.ca', op: '>' },
          ],
        }),
        'criteres_illisibles',
        { champ: 'criteres', indice: 1 },
      );
    });

    it('criteres_trop_longs: more than 2000 characters', async () => {
      const long = [
        { champ: 'siege.commune', op: 'in', valeur: Array.from({ length: 100 }, () => 'A'.repeat(30)) },
      ];
      await refused(await lister({ criteres: long }), 'criteres_trop_longs', { champ: 'criteres' });
    });

    it('trop_de_criteres: more than 20 criteria', async () => {
      const many = Array.from({ length: 21 }, () => ({ champ: 'finances.ca', op: '>', valeur: 1 }));
      await refused(await compter({ criteres: many }), 'trop_de_criteres', { champ: 'criteres' });
    });

    it('champ_inconnu: a field outside the catalogue, with its position and name', async () => {
      const a = await lister({
        criteres: [
          { champ: 'finances.ca', op: '>', valeur: 1 },
          { champ: 'identite.capital', op: '>', valeur: 1 },
        ],
      });
      await refused(a, 'champ_inconnu', { champ: 'criteres', indice: 1, nom: 'identite.capital' });
    });

    it('a public signal while the BODACC was never collected: 503 collecte_en_cours, a list without one is served', async () => {
      const a = await compter(crit('signaux.procedure_collective', '=', 'cloturee'));
      expect(a.status).to.equal(503);
      expect(a.body).to.include({ error: 'collecte_en_cours', registre: 'fr.bodacc' });
      expect((await compter(crit('identite.etat', '=', 'A'))).status).to.equal(200);
    });

    it('champ_non_filtrable: a served field that is not a criterion', async () => {
      const a = await lister(crit('identite.denomination', '=', 'PROSPA'));
      await refused(a, 'champ_non_filtrable', { champ: 'criteres', indice: 0, nom: 'identite.denomination' });
    });

    it('operateur_refuse: an operator unknown, or not allowed on the field', async () => {
      await refused(await lister(crit('siege.departement', '>', '44')), 'operateur_refuse', {
        champ: 'criteres',
        indice: 0,
        nom: 'siege.departement',
      });
      await refused(await lister(crit('finances.ca', 'like', '%1%')), 'operateur_refuse', {
        champ: 'criteres',
        indice: 0,
        nom: 'finances.ca',
      });
      await refused(await lister(crit('finances.ca', 'commence_par', '1')), 'operateur_refuse', {
        champ: 'criteres',
        indice: 0,
        nom: 'finances.ca',
      });
    });

    it('valeur_invalide: a value of the wrong type, bounds reversed, a date that does not exist', async () => {
      const at = (nom: string) => ({ champ: 'criteres', indice: 0, nom });
      await refused(await lister(crit('finances.ca', '>', 'beaucoup')), 'valeur_invalide', at('finances.ca'));
      await refused(
        await lister(crit('finances.ca', 'entre', [10, 1])),
        'valeur_invalide',
        at('finances.ca'),
      );
      await refused(
        await lister(crit('identite.date_creation', '>', '2023-02-30')),
        'valeur_invalide',
        at('identite.date_creation'),
      );
      await refused(
        await lister(crit('siege.departement', 'in', [])),
        'valeur_invalide',
        at('siege.departement'),
      );
      await refused(
        await lister(crit('identite.forme', '=', '2110')),
        'valeur_invalide',
        at('identite.forme'),
      );
    });

    it('personnes_physiques_exclues: asking for sole proprietorships, however it is phrased', async () => {
      const at = { champ: 'criteres', indice: 0, nom: 'identite.forme' };
      await refused(await lister(crit('identite.forme', '=', '1000')), 'personnes_physiques_exclues', at);
      await refused(
        await compter(crit('identite.forme', 'commence_par', '1')),
        'personnes_physiques_exclues',
        at,
      );
      await refused(
        await lister({
          criteres: [
            { champ: 'siege.departement', op: '=', valeur: '80' },
            { champ: 'identite.forme', op: 'in', valeur: ['5710', '1000'] },
          ],
        }),
        'personnes_physiques_exclues',
        { ...at, indice: 1 },
      );
    });

    it('tri_refuse: a sort on an unknown or unsortable field', async () => {
      await refused(await lister({ tri: '-identite.denomination' }), 'tri_refuse', {
        champ: 'tri',
        nom: 'identite.denomination',
      });
      await refused(await lister({ tri: 'contact.telephone' }), 'tri_refuse', {
        champ: 'tri',
        nom: 'contact.telephone',
      });
    });

    it('page_hors_bornes: page 0, 101 or not a number', async () => {
      for (const page of ['0', '101', 'deux', '-1']) {
        await refused(await lister({ page }), 'page_hors_bornes', { champ: 'page' });
      }
    });

    it('champ_de_sortie_inconnu: an output field unknown or never served, with its position', async () => {
      await refused(await lister({ champs: 'finances.ebe,dirigeants' }), 'champ_de_sortie_inconnu', {
        champ: 'champs',
        indice: 1,
        nom: 'dirigeants',
      });
    });

    it('every code used is in the closed list of /v1/lecture', async () => {
      const res = await fetch(`${t.baseUrl}/v1/lecture`);
      const codes = ((await res.json()) as { codes_erreur: { code: string; statut: number }[] }).codes_erreur;
      for (const code of [
        'parametre_inconnu',
        'criteres_illisibles',
        'criteres_trop_longs',
        'trop_de_criteres',
        'champ_inconnu',
        'champ_indisponible',
        'champ_non_filtrable',
        'operateur_refuse',
        'valeur_invalide',
        'personnes_physiques_exclues',
        'tri_refuse',
        'page_hors_bornes',
        'champ_de_sortie_inconnu',
        'requete_trop_large',
        'stock_perime',
      ]) {
        expect(
          codes.map((c) => c.code),
          code,
        ).to.include(code);
      }
    });
  });

  describe('values are bound, never spliced', () => {
    const INJECTIONS = [
      "80' or '1'='1",
      "'; drop table entreprises_liste; --",
      '1) or (1=1',
      '%',
      "\\' union select email from pg_user --",
    ];

    it('SQL in any field’s value is refused or matches nothing, and the table is intact', async () => {
      for (const field of FIELDS.filter((f) => f.available && f.filterable)) {
        for (const op of field.operators) {
          for (const bad of INJECTIONS) {
            const valeur = op === 'in' ? [bad] : op === 'entre' ? [bad, bad] : bad;
            const a = await compter(crit(field.name, op, valeur));
            // "different from" an injected string is every company with a commune: as for any absent name.
            const expected =
              op === '!=' ? (await compter(crit(field.name, op, 'NULLE PART'))).body.nombre_resultats : 0;
            if (a.status === 200)
              expect(a.body.nombre_resultats, `${field.name} ${op} ${bad}`).to.equal(expected);
            else expect(a.body.error, `${field.name} ${op} ${bad}`).to.equal('valeur_invalide');
          }
        }
      }
      expect((await compter()).body.nombre_resultats).to.equal(ACTIVE.length);
    });

    it('SQL in a field name, an operator or the sort is refused', async () => {
      expect((await lister(crit('siren; drop table entreprises_liste', '=', '1'))).body.error).to.equal(
        'champ_inconnu',
      );
      expect((await lister(crit('finances.ca', '> 0 or 1=1 --', 1))).body.error).to.equal('operateur_refuse');
      expect((await lister({ tri: 'ca; drop table entreprises_liste' })).body.error).to.equal('tri_refuse');
      expect((await compter()).body.nombre_resultats).to.equal(ACTIVE.length);
    });
  });

  describe('natural persons and contact details', () => {
    it('no sole proprietor is ever named, even listing every company in every state', async () => {
      const units = await readSireneSample('unite_legale');
      const soleProprietors = units.filter((u) =>
        String(u.record.categorieJuridiqueUniteLegale).startsWith('1'),
      );
      const texts: string[] = [];
      for (let page = 1; page <= 10; page++) {
        const a = await lister({ ...crit('identite.etat', 'in', ['A', 'C']), page: String(page) });
        texts.push(a.text);
        if (!a.body.page_suivante) break;
      }
      const all = texts.join('\n');
      const legalNames = units
        .filter((u) => !String(u.record.categorieJuridiqueUniteLegale).startsWith('1'))
        .map((u) => String(u.record.denominationUniteLegale))
        .join(' ');
      for (const u of soleProprietors) {
        expect(all, u.id).not.to.contain(u.id);
        const nom = u.record.nomUniteLegale;
        // A surname that is also a word of a legal person's own published name (e.g. "LEGRAND PAUL") is not a leak.
        if (nom && !new RegExp(`\\b${nom}\\b`).test(legalNames)) {
          expect(all, `${u.id} ${nom}`).not.to.match(new RegExp(`\\b${nom}\\b`));
        }
      }
      expect(soleProprietors.length).to.be.greaterThan(200);
    });

    it('no e-mail, phone or officer is served, nor can be asked for', async () => {
      const a = await lister({
        ...crit('identite.etat', 'in', ['A', 'C']),
        champs: FIELDS.filter((f) => f.available)
          .map((f) => f.name)
          .join(','),
      });
      const keys: string[] = [];
      const walk = (v: unknown) => {
        if (!v || typeof v !== 'object') return;
        for (const [k, w] of Object.entries(v)) {
          keys.push(k);
          walk(w);
        }
      };
      walk(a.body.resultats);
      expect(keys.filter((k) => /mail|phone|telephone|dirigeant|mandataire/i.test(k))).to.deep.equal([]);
      expect((await lister(crit('contact.email', '=', 'a@b.fr'))).body.error).to.equal('champ_inconnu');
      expect((await lister(crit('dirigeants', '=', 'x'))).body.error).to.equal('champ_inconnu');
    });
  });

  describe('freshness', () => {
    it('serves a stock up to 45 days old', async () => {
      clock.now = new Date('2026-12-16T12:00:00Z');
      expect((await compter()).status).to.equal(200);
    });

    it('answers 503 stock_perime once the list table’s stocks are older than 45 days', async () => {
      clock.now = new Date('2026-12-17T12:00:00Z');
      const a = await lister();
      expect(a.status).to.equal(503);
      expect(a.body.error).to.equal('stock_perime');
      expect((await compter()).body.error).to.equal('stock_perime');
    });
  });

  describe('description', () => {
    it('the OpenAPI description carries the whole field catalogue and stays valid', async () => {
      const res = await fetch(`${t.baseUrl}/openapi.json`);
      // biome-ignore lint/suspicious/noExplicitAny: the document is read as a client reads it
      const doc = (await res.json()) as Record<string, any>;
      await SwaggerParser.validate(structuredClone(doc) as never);
      const op = doc.paths['/v1/entreprises/requete/lister'].get;
      expect(op['x-prix']).to.equal('$0.02');
      expect(doc.paths['/v1/entreprises/requete/compter'].get['x-prix']).to.equal('$0.002');
      const names = op['x-catalogue-champs'].map((f: { nom: string }) => f.nom);
      expect(names).to.include.members([
        'identite.siren',
        'identite.etat',
        'identite.forme',
        'identite.naf',
        'identite.tranche_effectifs',
        'identite.date_creation',
        'siege.code_postal',
        'siege.commune',
        'siege.departement',
        'finances.date_cloture',
        'finances.ca',
        'finances.resultat_net',
        'finances.ebe',
        'finances.bfr_sur_ca',
      ]);
      const ca = op['x-catalogue-champs'].find((f: { nom: string }) => f.nom === 'finances.ca');
      expect(ca).to.include({ type: 'entier', source: 'fr.ratios-inpi-bce', filtrable: true, triable: true });
      expect(ca.operateurs).to.not.include('commence_par');
    });
  });
});
