import type { Knex } from 'knex';
import { namedStatement } from '../../ops/database/namedStatements.ts';
import {
  DECP_MARCHES_TABLE,
  DECP_TITULAIRES_TABLE,
  DECP_TOTAUX_TABLE,
  decpProjection,
} from '../../projections/fr-decp/decpProjection.ts';
import type { DecpMarcheRow } from '../../projections/fr-decp/decpRow.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { marchesPublicsSchema } from '../../schemas/responses/marchesPublics.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { countOncePerCopy } from './copyCount.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';
import { SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';

/**
 * The SIREN of the route's sample and documentation example: ENTREPRISE DEMOUSELLE, a company of the Sirene
 * demo that holds a contract of the DECP demo (ingest/fr-decp/demo/SOURCE.txt), so that both show a real
 * contract rather than the zero counts of the other French routes' example company.
 */
export const MARCHES_PUBLICS_SAMPLE_SIREN = '005820378';

/** Contracts served per call, newest first; the counts and the total cover them all. */
export const MARCHES_LIMIT = 100;

const NOTE =
  'Données essentielles de la commande publique (DECP consolidées), telles que publiées par les acheteurs : marchés dont l’entreprise est titulaire (SIRET publié, type SIRET, dont le SIREN est celui demandé ; titulaires initiaux et ceux des modifications) ou acheteur. Montants en centimes d’euro, entiers exacts : montant_centimes, le montant initial publié ; montant_modifie_centimes, celui de la dernière modification qui en publie un ; montant_total_titulaire_centimes, la somme des montants initiaux publiés lisibles au centime. Aucun marché ne prouve pas l’absence de marché (seuil de publication, titulaires identifiés autrement que par SIRET) ; les titulaires ne sont jamais nommés. / Public contracts as published; no contract does not prove none.';

/** The totals of a company with no contract: the one row the query gives, no contract in it. */
type NoMarcheRow = Pick<
  MarcheRow,
  'n_titulaire' | 'n_acheteur' | 'total_titulaire' | 'sans_montant_titulaire'
> & {
  role: null;
};

/** A contract of the read table, as the query returns it (amounts as bigint text), with the totals. */
interface MarcheRow
  extends Pick<
    DecpMarcheRow,
    | 'marche_id'
    | 'acheteur_siret'
    | 'acheteur_nom'
    | 'nature'
    | 'objet'
    | 'procedure'
    | 'code_cpv'
    | 'date_notification'
    | 'date_publication'
    | 'duree_mois'
    | 'montant_centimes'
    | 'montant_modifie_centimes'
    | 'date_modification'
  > {
  role: 'titulaire' | 'acheteur';
  lieu_execution_code: string | null;
  lieu_execution_type: string | null;
  lieu_execution_nom: string | null;
  source: string | null;
  nombre_titulaires: number;
  /** Totals over every contract of the company, before the limit. */
  n_titulaire: string;
  n_acheteur: string;
  total_titulaire: string | null;
  sans_montant_titulaire: string;
}

/** The columns of a contract the answer lists. */
const LISTED = `marche_id, acheteur_siret, acheteur_nom, nature, objet, procedure, code_cpv, date_notification,
  date_publication, duree_mois, montant_centimes::text as montant_centimes,
  montant_modifie_centimes::text as montant_modifie_centimes, date_modification, lieu_execution_code,
  lieu_execution_type, lieu_execution_nom, source, nombre_titulaires, id`;

/** Newest notification first, then newest publication, then the id: the order of the answer. */
const NEWEST_FIRST = 'date_notification desc nulls last, date_publication desc nulls last, id';

/**
 * The company's contracts as holder and as buyer, newest notification first, with the counts and the holder
 * total over all of them (bigint cents), in one statement (one snapshot: the counts never fall below the
 * list). The counts and the total are the company's one row of fr_decp_totaux (kept by the projection), a
 * row whatever the company's size. Each side's newest contract ids are read in the order of its index, by
 * an index-only scan stopped at the limit: (holder SIREN, dates, id) in fr_decp_titulaires, (buyer SIREN,
 * dates, id) of the served publications in fr_decp_marches; then only those rows, by primary key. Neither side
 * reads or sorts all of a company's contracts (bench public-record --explain: the heaviest holder and buyer
 * of 1 M contracts in a few hundred buffers). A company with no contract gives one row of zero totals and no
 * contract (role null).
 */
export const MARCHES_SQL = `
  with totaux as (
    select coalesce(t.marches_titulaire, 0)::text as n_titulaire,
           case when t.marches_titulaire > t.titulaire_sans_montant then t.montant_titulaire::text end
             as total_titulaire,
           coalesce(t.titulaire_sans_montant, 0)::text as sans_montant_titulaire,
           coalesce(t.marches_acheteur, 0)::text as n_acheteur
      from (select 1) as un left join ${DECP_TOTAUX_TABLE} t on t.siren = ?),
  m as (
    (select 'titulaire' as role, ${LISTED} from ${DECP_MARCHES_TABLE}
      where id in (select id from ${DECP_TITULAIRES_TABLE} where siren = ? order by ${NEWEST_FIRST} limit ?))
    union all
    (select 'acheteur' as role, ${LISTED} from ${DECP_MARCHES_TABLE}
      where id in (select id from ${DECP_MARCHES_TABLE} where acheteur_siren = ? and servie
                    order by ${NEWEST_FIRST} limit ?)))
  select m.*, totaux.* from totaux left join m on true
   order by m.date_notification desc nulls last, m.date_publication desc nulls last, m.id, m.role
   limit ?`;

/** MARCHES_SQL's values for a SIREN and a limit. */
export function marchesParams(siren: string, limit: number): (string | number)[] {
  return [siren, siren, limit, siren, limit, limit];
}

/**
 * Integer cents (bigint text from the read table) as a JSON integer: money is served in integers, never as a
 * float. Beyond 2^53 cents (90 trillion euros) a JSON number would lose digits: null, like an amount not exact
 * to the cent.
 */
export function centsOf(cents: string | null): number | null {
  if (cents === null) return null;
  const value = Number(cents);
  return Number.isSafeInteger(value) ? value : null;
}

function marcheItem(row: MarcheRow) {
  return {
    id: row.marche_id,
    role: row.role,
    objet: row.objet,
    nature: row.nature,
    procedure: row.procedure,
    code_cpv: row.code_cpv,
    date_notification: row.date_notification,
    date_publication: row.date_publication,
    duree_mois: row.duree_mois,
    montant_centimes: centsOf(row.montant_centimes),
    montant_modifie_centimes: centsOf(row.montant_modifie_centimes),
    date_derniere_modification: row.date_modification,
    acheteur: { siret: row.acheteur_siret, nom: row.acheteur_nom },
    nombre_titulaires: row.nombre_titulaires,
    cotitulaires: row.role === 'titulaire' ? Math.max(row.nombre_titulaires - 1, 0) : null,
    lieu_execution: {
      code: row.lieu_execution_code,
      type_code: row.lieu_execution_type,
      nom: row.lieu_execution_nom,
    },
    source: row.source,
  };
}

/**
 * The public contracts of a company the coverage rules let through: this route's body (`limit` 100) and the
 * dossier's `marches_publics` (its most recent contracts). Holders are never named: the answer counts them.
 */
export async function readMarchesPublics(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
  limit = MARCHES_LIMIT,
): Promise<Record<string, unknown>> {
  const { rows: found } = await namedStatement<{ rows: (MarcheRow | NoMarcheRow)[] }>(
    knex,
    'registres_decp_marches_v5',
    MARCHES_SQL,
    marchesParams(unit.siren, limit),
  );
  const first = found[0];
  const rows = found.filter((r): r is MarcheRow => r.role !== null);
  const titulaire = Number(first?.n_titulaire ?? 0);
  const acheteur = Number(first?.n_acheteur ?? 0);
  const total = titulaire + acheteur;
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    nombre_marches_titulaire: titulaire,
    nombre_marches_acheteur: acheteur,
    montant_total_titulaire_centimes: centsOf(first?.total_titulaire ?? null),
    marches_titulaire_sans_montant: Number(first?.sans_montant_titulaire ?? 0),
    tronque: total > rows.length,
    marches: rows.map(marcheItem),
    listes_bornees: {
      marches: { nombre_total: total, tronque: total > rows.length, total_borne_basse: false },
    },
    note: NOTE,
  };
}

/**
 * Contracts of the copy none of whose holders gives a SIREN, counted once per copy (partial index); a
 * superseded publication (decpRow.ts `groupe`) is not a contract of its own.
 */
const contractsWithoutUsableHolder = countOncePerCopy(
  FR_DECP_REGISTER,
  `select count(*)::text as n from ${DECP_MARCHES_TABLE} where cardinality(titulaires_siren) = 0 and servie`,
);

/**
 * GET /v1/entreprise/{siren}/marches-publics: the public contracts (DECP) the company holds, and those it
 * awarded as a public buyer, newest first.
 */
export const marchesPublicsRoute: RouteDefinition = {
  id: 'entreprise.marches_publics',
  tool: {
    name: 'get_french_company_public_contracts',
    title: 'French public contracts of a company',
    description:
      'The French public contracts (DECP essential data) a company holds, matched by its SIRETs as published, and those it awarded as a public buyer, newest first, with amounts as published; co-holders are counted, never named.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/marches-publics',
  summary:
    'Marchés publics d’une entreprise (DECP) : ceux dont elle est titulaire et, pour un acheteur public, ceux qu’il a passés.',
  description:
    'Données essentielles de la commande publique consolidées : titulaires rapprochés par SIRET tel que publié (type SIRET, 14 chiffres, SIREN valide), le plus récent d’abord, 100 au plus (`tronque`). Montants tels que publiés, en centimes d’euro (entiers exacts, jamais arrondis) : `montant_centimes` initial, `montant_modifie_centimes` de la dernière modification qui en publie un. Une entreprise sans marché : 200 avec des compteurs à zéro. Les titulaires ne sont jamais nommés (cotitulaires comptés). `couverture` dit combien de marchés de la copie n’ont aucun titulaire identifiable par SIRET. Mêmes refus que la fiche entreprise (non facturés).',
  params: [
    { ...sirenPathParam, schema: { ...sirenPathParam.schema, examples: [MARCHES_PUBLICS_SAMPLE_SIREN] } },
  ],
  price: 10_000,
  freeTier: true,
  errors: SIRENE_COVERAGE_ERRORS,
  registers: [FR_DECP_REGISTER, FR_SIRENE_REGISTER],
  projections: [decpProjection.name, unitesLegalesProjection.name],
  freshness: { code: 'photo_perimee' },
  responseSchema: marchesPublicsSchema,
  async handler(ctx, { knex }) {
    const unit = await readCoveredUnit(knex, String(ctx.state.params?.siren));
    const body = await readMarchesPublics(knex, unit);
    const sansTitulaire = await contractsWithoutUsableHolder(knex, ctx.state.provenance ?? []);
    return { body: { ...body, couverture: { marches_sans_titulaire_identifiable: sansTitulaire } } };
  },
};
