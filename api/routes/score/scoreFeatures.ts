import type { Knex } from 'knex';
import { failureJudgmentOf } from '../../../schemas/enums/score.ts';
import { addMonths, yearsBetween } from './scoreDates.ts';

/**
 * The features of the French risk score, read from the service's own read models as they were knowable at a
 * cut-off date T: only facts dated before T enter (notices published before T, establishments created before
 * T, accounts closed at least `ACCOUNTS_FILING_MONTHS` before T, contracts notified before T). The same reader
 * builds the training rows (T in the past, app/score/frenchTrainingSet.ts) and a served score's row (T = today).
 *
 * Sirene's read model keeps the current state only: legal form, sector and workforce band are read as of the
 * copy, not as of T (docs/score.md says so); the administrative state (ceased or not) never enters, since a
 * failure ends in it.
 */

/** The features, in the order of a row. A missing value is NaN. */
export const SCORE_FEATURES = [
  'age_annees',
  'forme_entrepreneur_individuel',
  'forme_sarl',
  'forme_sa',
  'forme_sas',
  'forme_societe_civile',
  'forme_autre',
  'section_naf_A',
  'section_naf_B',
  'section_naf_C',
  'section_naf_D',
  'section_naf_E',
  'section_naf_F',
  'section_naf_G',
  'section_naf_H',
  'section_naf_I',
  'section_naf_J',
  'section_naf_K',
  'section_naf_L',
  'section_naf_M',
  'section_naf_N',
  'section_naf_O',
  'section_naf_P',
  'section_naf_Q',
  'section_naf_R',
  'section_naf_S',
  'section_naf_T',
  'section_naf_U',
  'section_naf_inconnue',
  'effectif_log',
  'etablissements_crees',
  'etablissements_ouverts_12m',
  'etablissements_fermes_12m',
  'bodacc_defaillances_36m',
  'bodacc_autres_jugements_36m',
  'bodacc_ventes_36m',
  'bodacc_modifications_12m',
  'bodacc_depots_comptes_24m',
  'comptes_publies',
  'comptes_anciennete_mois',
  'ca_log',
  'resultat_net_sur_ca',
  'ebe_sur_ca',
  'bfr_sur_ca',
  'ca_variation',
  'lei',
  'groupe_lei',
  'marches_publics_24m',
] as const;

export type ScoreFeature = (typeof SCORE_FEATURES)[number];

const FEATURE_INDEX = Object.fromEntries(SCORE_FEATURES.map((f, i) => [f, i])) as Record<
  ScoreFeature,
  number
>;

/** Accounts are deemed known this many months after their closing date (approval in 6, filing within 1). */
export const ACCOUNTS_FILING_MONTHS = 7;

/** Workforce band (trancheEffectifsUniteLegale) → its lower bound of employees; NN: a non-employer. */
const BAND_EMPLOYEES: Readonly<Record<string, number>> = {
  NN: 0,
  '00': 0,
  '01': 1,
  '02': 3,
  '03': 6,
  '11': 10,
  '12': 20,
  '21': 50,
  '22': 100,
  '31': 200,
  '32': 250,
  '41': 500,
  '42': 1000,
  '51': 2000,
  '52': 5000,
  '53': 10_000,
};

/** NAF rev. 2 division (two digits) → section letter. */
const SECTION_BY_DIVISION: readonly [number, number, string][] = [
  [1, 3, 'A'],
  [5, 9, 'B'],
  [10, 33, 'C'],
  [35, 35, 'D'],
  [36, 39, 'E'],
  [41, 43, 'F'],
  [45, 47, 'G'],
  [49, 53, 'H'],
  [55, 56, 'I'],
  [58, 63, 'J'],
  [64, 66, 'K'],
  [68, 68, 'L'],
  [69, 75, 'M'],
  [77, 82, 'N'],
  [84, 84, 'O'],
  [85, 85, 'P'],
  [86, 88, 'Q'],
  [90, 93, 'R'],
  [94, 96, 'S'],
  [97, 98, 'T'],
  [99, 99, 'U'],
];

/** The NAF rev. 2 section of an activity code (`56.10C` → `I`), or null (another nomenclature, unreadable). */
export function nafSectionOf(code: string | null, nomenclature: string | null): string | null {
  if (!code || (nomenclature && nomenclature !== 'NAFRev2')) return null;
  const division = Number(code.slice(0, 2));
  return SECTION_BY_DIVISION.find(([from, to]) => division >= from && division <= to)?.[2] ?? null;
}

/** The legal-form group of a Sirene legal category (four digits). */
export function formeOf(categorie: string): ScoreFeature {
  if (categorie.startsWith('1')) return 'forme_entrepreneur_individuel';
  if (categorie.startsWith('54')) return 'forme_sarl';
  if (categorie.startsWith('55') || categorie.startsWith('56')) return 'forme_sa';
  if (categorie.startsWith('57')) return 'forme_sas';
  if (categorie.startsWith('65')) return 'forme_societe_civile';
  return 'forme_autre';
}

interface UnitFacts {
  siren: string;
  date_creation: string | null;
  categorie_juridique: string | null;
  activite_principale: string | null;
  nomenclature_activite: string | null;
  tranche_effectifs: string | null;
}

/** A BODACC notice of the company as the score reads it. */
export interface ScoreNotice {
  siren: string;
  id: string;
  date_parution: string;
  famille: string | null;
  j_famille: string | null;
  j_nature: string | null;
  j_date: string | null;
}

/**
 * The company's BODACC notices published in [from, to), without those taken back: a notice is dropped when
 * it annuls or retracts an earlier one (`annule_precedent`, or an `annulation` notice), and when a notice
 * published before `knownBefore` annuls, retracts or rectifies it (the rectifying notice is kept in its place:
 * it carries the corrected facts). `knownBefore` is T for the features (a correction published later is not
 * known at T) and the end of the data for the labels.
 */
export async function readScoreNotices(
  knex: Knex,
  sirens: readonly string[],
  window: { from: string; to: string; knownBefore: string; collectiveOnly?: boolean },
): Promise<ScoreNotice[]> {
  const { rows } = await knex.raw<{ rows: ScoreNotice[] }>(
    `select s.siren, a.id, to_char(a.date_parution, 'YYYY-MM-DD') as date_parution, a.famille,
            a.jugement->>'famille' as j_famille, a.jugement->>'nature' as j_nature, a.jugement->>'date' as j_date
       from fr_bodacc_annonce_sirens s
       join fr_bodacc_annonces a on a.id = s.annonce_id
      where s.siren = any(?::text[])
        and a.date_parution >= ?::date and a.date_parution < ?::date
        and not a.annule_precedent and a.type_avis is distinct from 'annulation'
        ${window.collectiveOnly ? "and a.famille = 'collective'" : ''}
        and not exists (
          select 1 from fr_bodacc_annonces p
           where p.precedent_id = a.id and p.date_parution < ?::date
             and (p.annule_precedent or p.type_avis in ('annulation', 'rectificatif')))
      order by s.siren, a.date_parution, a.id`,
    [[...sirens], window.from, window.to, window.knownBefore],
  );
  return rows;
}

/** The date a judgment takes effect: its own date when readable, else the notice's publication date. */
export const judgmentDateOf = (n: ScoreNotice): string =>
  n.j_date && /^\d{4}-\d{2}-\d{2}$/.test(n.j_date) ? n.j_date : n.date_parution;

const isFailure = (n: ScoreNotice) =>
  n.famille === 'collective' && failureJudgmentOf(n.j_famille, n.j_nature) !== null;

interface AccountRow {
  siren: string;
  date_cloture: string;
  ca: string | null;
  ebe: string | null;
  resultat_net: string | null;
  bfr_sur_ca: string | null;
}

const num = (v: string | number | null | undefined): number =>
  v === null || v === undefined ? Number.NaN : Number(v);
const ratio = (a: number, b: number): number =>
  Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;

/** Months from `from` to `to`, fractional. */
const monthsBetween = (from: string, to: string) => yearsBetween(from, to) * 12;

/**
 * The companies the score can rate at T: known to Sirene with a creation date before T and a legal category,
 * and not struck off in a BODACC notice published before T. The rest have too little data (or none at T).
 */
export async function scorePopulation(
  knex: Knex,
  cutoff: string,
  sirens?: readonly string[],
): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { siren: string }[] }>(
    `select u.siren from fr_sirene_unites_legales u
      where u.date_creation ~ '^\\d{4}-\\d{2}-\\d{2}$' and u.date_creation < ?
        and u.categorie_juridique is not null
        ${sirens ? 'and u.siren = any(?::text[])' : ''}
        and not exists (
          select 1 from fr_bodacc_annonce_sirens s join fr_bodacc_annonces a on a.id = s.annonce_id
           where s.siren = u.siren and a.famille = 'radiation' and a.date_parution < ?::date
             and not a.annule_precedent and a.type_avis is distinct from 'annulation')
      order by u.siren`,
    sirens ? [cutoff, [...sirens], cutoff] : [cutoff, cutoff],
  );
  return rows.map((r) => r.siren);
}

/** Each company's feature row at the cut-off date (companies of `sirens` unknown to Sirene are left out). */
export async function readScoreFeatures(
  knex: Knex,
  cutoff: string,
  sirens: readonly string[],
): Promise<Map<string, Float64Array>> {
  const list = [...sirens];
  const rows = new Map<string, Float64Array>();
  if (list.length === 0) return rows;
  const set = (siren: string, feature: ScoreFeature, value: number) => {
    const row = rows.get(siren);
    if (row) row[FEATURE_INDEX[feature]] = value;
  };
  const add = (siren: string, feature: ScoreFeature) => {
    const row = rows.get(siren);
    if (row) row[FEATURE_INDEX[feature]] = (row[FEATURE_INDEX[feature]] as number) + 1;
  };

  const units = await knex.raw<{ rows: UnitFacts[] }>(
    `select siren, date_creation, categorie_juridique, activite_principale, nomenclature_activite, tranche_effectifs
       from fr_sirene_unites_legales where siren = any(?::text[])`,
    [list],
  );
  for (const u of units.rows) {
    const row = new Float64Array(SCORE_FEATURES.length);
    rows.set(u.siren, row);
    const created = u.date_creation && /^\d{4}-\d{2}-\d{2}$/.test(u.date_creation) ? u.date_creation : null;
    set(u.siren, 'age_annees', created ? Math.max(0, yearsBetween(created, cutoff)) : Number.NaN);
    if (u.categorie_juridique) set(u.siren, formeOf(u.categorie_juridique), 1);
    const section = nafSectionOf(u.activite_principale, u.nomenclature_activite);
    set(u.siren, section ? (`section_naf_${section}` as ScoreFeature) : 'section_naf_inconnue', 1);
    const employees = u.tranche_effectifs ? BAND_EMPLOYEES[u.tranche_effectifs] : undefined;
    set(u.siren, 'effectif_log', employees === undefined ? Number.NaN : Math.log1p(employees));
  }
  const known = [...rows.keys()];
  if (known.length === 0) return rows;

  const yearBefore = addMonths(cutoff, -12);
  // A closed establishment's current period starts the day it closed (`date_debut`): closed in the 12 months
  // before T when that day is in them; one closed at or after T was open at T.
  const establishments = await knex.raw<{
    rows: { siren: string; crees: number; ouverts: number; fermes: number }[];
  }>(
    `select siren, count(*)::int as crees,
            (count(*) filter (where date_creation >= ?))::int as ouverts,
            (count(*) filter (where etat_administratif = 'F' and date_debut >= ? and date_debut < ?))::int as fermes
       from fr_sirene_etablissements
      where siren = any(?::text[]) and date_creation ~ '^\\d{4}-\\d{2}-\\d{2}$' and date_creation < ?
      group by siren`,
    [yearBefore, yearBefore, cutoff, known, cutoff],
  );
  for (const e of establishments.rows) {
    set(e.siren, 'etablissements_crees', e.crees);
    set(e.siren, 'etablissements_ouverts_12m', e.ouverts);
    set(e.siren, 'etablissements_fermes_12m', e.fermes);
  }

  const notices = await readScoreNotices(knex, known, {
    from: addMonths(cutoff, -36),
    to: cutoff,
    knownBefore: cutoff,
  });
  const twoYearsBefore = addMonths(cutoff, -24);
  for (const n of notices) {
    if (n.famille === 'collective')
      add(n.siren, isFailure(n) ? 'bodacc_defaillances_36m' : 'bodacc_autres_jugements_36m');
    else if (n.famille === 'vente') add(n.siren, 'bodacc_ventes_36m');
    else if (n.famille === 'modification' && n.date_parution >= yearBefore)
      add(n.siren, 'bodacc_modifications_12m');
    else if (n.famille === 'dpc' && n.date_parution >= twoYearsBefore)
      add(n.siren, 'bodacc_depots_comptes_24m');
  }

  await readAccountFeatures(knex, cutoff, known, set);

  const lei = await knex.raw<{ rows: { siren: string; groupe: boolean }[] }>(
    `select e.siren, bool_or(exists (
              select 1 from gleif_relations r
               where r.lei_fille = e.lei and (r.debut is null or r.debut < ?::date))) as groupe
       from gleif_entites e where e.siren = any(?::text[]) group by e.siren`,
    [cutoff, known],
  );
  for (const l of lei.rows) {
    set(l.siren, 'lei', 1);
    set(l.siren, 'groupe_lei', l.groupe ? 1 : 0);
  }

  const contracts = await knex.raw<{ rows: { siren: string; n: number }[] }>(
    `select t.siren, count(*)::int as n
       from fr_decp_marches m cross join unnest(m.titulaires_siren) as t(siren)
      where m.titulaires_siren && ?::text[] and t.siren = any(?::text[]) and m.servie
        and m.date_notification >= ? and m.date_notification < ?
      group by t.siren`,
    [known, known, twoYearsBefore, cutoff],
  );
  for (const c of contracts.rows) set(c.siren, 'marches_publics_24m', c.n);
  return rows;
}

/**
 * The accounts known at T (closed `ACCOUNTS_FILING_MONTHS` or more before it), one per closing date as the
 * `finances` block chooses them: the latest gives the ratios, the one before it the turnover's change.
 */
async function readAccountFeatures(
  knex: Knex,
  cutoff: string,
  sirens: string[],
  set: (siren: string, feature: ScoreFeature, value: number) => void,
): Promise<void> {
  const { rows } = await knex.raw<{ rows: AccountRow[] }>(
    `select distinct on (siren, date_cloture) siren, to_char(date_cloture, 'YYYY-MM-DD') as date_cloture,
            ca, ebe, resultat_net, bfr_sur_ca
       from liste_exercices
      where siren = any(?::text[]) and date_cloture <= ?::date and (date_photo is null or date_cloture <= date_photo)
      order by siren, date_cloture desc,
               case type_bilan when 'C' then 0 when 'S' then 1 when 'K' then 2 else 3 end, type_bilan`,
    [sirens, addMonths(cutoff, -ACCOUNTS_FILING_MONTHS)],
  );
  const bySiren = new Map<string, AccountRow[]>();
  for (const r of rows) bySiren.set(r.siren, [...(bySiren.get(r.siren) ?? []), r]);
  for (const siren of sirens) {
    const [last, before] = bySiren.get(siren) ?? [];
    set(siren, 'comptes_publies', last ? 1 : 0);
    if (!last) {
      for (const f of [
        'comptes_anciennete_mois',
        'ca_log',
        'resultat_net_sur_ca',
        'ebe_sur_ca',
        'bfr_sur_ca',
        'ca_variation',
      ] as const)
        set(siren, f, Number.NaN);
      continue;
    }
    const ca = num(last.ca);
    set(siren, 'comptes_anciennete_mois', monthsBetween(last.date_cloture, cutoff));
    set(siren, 'ca_log', Number.isFinite(ca) && ca >= 0 ? Math.log1p(ca) : Number.NaN);
    set(siren, 'resultat_net_sur_ca', ratio(num(last.resultat_net), ca));
    set(siren, 'ebe_sur_ca', ratio(num(last.ebe), ca));
    set(siren, 'bfr_sur_ca', num(last.bfr_sur_ca));
    set(siren, 'ca_variation', before ? ratio(ca - num(before.ca), num(before.ca)) : Number.NaN);
  }
}

export { isFailure as isFailureNotice };
