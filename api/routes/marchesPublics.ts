import type { Knex } from 'knex';
import { namedStatement } from '../../ops/database/namedStatements.ts';
import {
  DECP_MARCHES_TABLE,
  DECP_TOTAUX_TABLE,
  decpProjection,
} from '../../projections/fr-decp/decpProjection.ts';
import { DECP_RECENTS_LIMIT } from '../../projections/fr-decp/decpRecents.ts';
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
export const MARCHES_LIMIT = DECP_RECENTS_LIMIT;

const NOTE =
  'Données essentielles de la commande publique (DECP consolidées), telles que publiées par les acheteurs : marchés dont l’entreprise est titulaire (SIRET publié, type SIRET, dont le SIREN est celui demandé ; titulaires initiaux et ceux des modifications) ou acheteur. Montants en centimes d’euro, entiers exacts : montant_centimes, le montant initial publié ; montant_modifie_centimes, celui de la dernière modification qui en publie un ; montant_total_titulaire_centimes, la somme des montants initiaux publiés lisibles au centime. Aucun marché ne prouve pas l’absence de marché (seuil de publication, titulaires identifiés autrement que par SIRET) ; les titulaires ne sont jamais nommés. / Public contracts as published; no contract does not prove none.';

/** The company's one row: its counts, its holder total, and its newest contracts as one JSON array. */
interface MarchesRow {
  n_titulaire: string;
  n_acheteur: string;
  total_titulaire: string | null;
  sans_montant_titulaire: string;
  /** The JSON array of the contracts listed, newest first (at most the limit). */
  marches: string;
  listes: number;
}

/**
 * The company's contracts as holder and as buyer, newest notification first, with the counts and the holder
 * total over all of them (bigint cents), in one statement: the company's one row of fr_decp_totaux, kept by
 * the projection (a row whatever the company's size). Its newest contracts are there as the answer lists
 * them, each contract's JSON written when it was projected (projections/fr-decp/decpRecents.ts: the holder
 * side from fr_decp_titulaires' index range, the buyer side from the served publications', merged): the
 * first `limit` are joined into the answer's array as text, no contract row read. A company with no contract
 * gives one row of zero totals and an empty array.
 */
export const MARCHES_SQL = `
  select coalesce(t.marches_titulaire, 0)::text as n_titulaire,
         case when t.marches_titulaire > t.titulaire_sans_montant then t.montant_titulaire::text end
           as total_titulaire,
         coalesce(t.titulaire_sans_montant, 0)::text as sans_montant_titulaire,
         coalesce(t.marches_acheteur, 0)::text as n_acheteur,
         '[' || coalesce(array_to_string(t.recents[1:?::int], ','), '') || ']' as marches,
         coalesce(cardinality(t.recents[1:?::int]), 0) as listes
    from (select 1) as un left join ${DECP_TOTAUX_TABLE} t on t.siren = ?`;

/** MARCHES_SQL's values for a SIREN and a limit (at most DECP_RECENTS_LIMIT: the lists hold no more). */
export function marchesParams(siren: string, limit: number): (string | number)[] {
  if (limit > DECP_RECENTS_LIMIT)
    throw new Error(`marches-publics: at most ${DECP_RECENTS_LIMIT} contracts kept`);
  return [limit, limit, siren];
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

/**
 * The public contracts of a company the coverage rules let through: this route's body (`limit` 100) and the
 * dossier's `marches_publics` (its most recent contracts). Holders are never named: the answer counts them.
 */
export async function readMarchesPublics(
  knex: Knex,
  unit: { siren: string; denomination: string | null },
  limit = MARCHES_LIMIT,
): Promise<Record<string, unknown>> {
  const { rows: found } = await namedStatement<{ rows: MarchesRow[] }>(
    knex,
    'registres_decp_marches_v6',
    MARCHES_SQL,
    marchesParams(unit.siren, limit),
  );
  const row = found[0];
  const titulaire = Number(row?.n_titulaire ?? 0);
  const acheteur = Number(row?.n_acheteur ?? 0);
  const total = titulaire + acheteur;
  const listed = row?.listes ?? 0;
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    nombre_marches_titulaire: titulaire,
    nombre_marches_acheteur: acheteur,
    montant_total_titulaire_centimes: centsOf(row?.total_titulaire ?? null),
    marches_titulaire_sans_montant: Number(row?.sans_montant_titulaire ?? 0),
    tronque: total > listed,
    marches: JSON.parse(row?.marches ?? '[]') as unknown[],
    listes_bornees: {
      marches: { nombre_total: total, tronque: total > listed, total_borne_basse: false },
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
