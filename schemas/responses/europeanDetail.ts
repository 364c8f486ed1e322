import { type JsonSchema, objectList } from '../jsonSchema.ts';

/** The nullable values the detail schemas of the European local copies are made of. */
export const nullableString = { type: ['string', 'null'] };
export const nullableNumber = { type: ['number', 'null'] };
export const nullableInteger = { type: ['integer', 'null'] };
export const nullableDate = { type: ['string', 'null'], format: 'date' };
export const nullableDateTime = { type: ['string', 'null'], format: 'date-time' };
const count = { type: 'integer' };

/**
 * The body of a detail route of a European local copy (GET /v1/eu/entreprise/{PAYS}/{id}/…): the header every
 * one starts with (`pays`, `id_national`, `denomination`), the route's own members, then the footer
 * (`photo_le`, `licence`). `required` lists the members after `pays` and `id_national`, in order.
 */
export function europeanDetailSchema(
  pays: string,
  spec: { required: readonly string[]; properties: Record<string, JsonSchema> },
): JsonSchema {
  return {
    type: 'object',
    required: ['pays', 'id_national', ...spec.required],
    properties: {
      pays: { const: pays },
      id_national: { type: 'string' },
      denomination: nullableString,
      ...spec.properties,
      photo_le: nullableDate,
      licence: nullableString,
    },
  };
}

/** The `type` of a holder: a company (named) or a natural person (counted, never named). */
export const holderType = { type: 'string', enum: ['personne_morale', 'personne_physique'] };

/** Members and founders: `aucun_associe_inscrit`, the counts, then `associes`. */
export function membersList(description: string, properties: Record<string, JsonSchema>) {
  return {
    aucun_associe_inscrit: { type: 'boolean' },
    nombre_associes: count,
    nombre_personnes_physiques: count,
    associes: objectList({ type: holderType, nom: nullableString, ...properties }, description),
  };
}

/** Officers: the counts, the flag, then `mandats`, each with its body (`organe`) first. */
export function mandatesList(flag: JsonSchema, properties: Record<string, JsonSchema>) {
  return {
    nombre_mandats: count,
    nombre_personnes_physiques: count,
    nombre_entites: count,
    aucun_mandat_inscrit: flag,
    mandats: objectList({ organe: nullableString, ...properties }),
  };
}

/** Beneficial owners: always natural persons, counted, never named. */
export function beneficialOwnersList(flag: JsonSchema, properties: Record<string, JsonSchema>) {
  return {
    aucun_beneficiaire_inscrit: flag,
    nombre_beneficiaires: count,
    beneficiaires: objectList(
      { type: { const: 'personne_physique' }, nom: { type: 'null' }, ...properties },
      'Toujours une personne physique, comptée, jamais nommée. / Counted, never named.',
    ),
  };
}

export const BENEFICIAL_OWNERS_REQUIRED = [
  'aucun_beneficiaire_inscrit',
  'nombre_beneficiaires',
  'beneficiaires',
] as const;

/** Legal events: the count, the flag, then `evenements` (family, type, the source's code and label, date). */
export function eventsList(
  flag: JsonSchema,
  kinds: { famille: JsonSchema; types: readonly string[] },
  properties: Record<string, JsonSchema>,
) {
  return {
    nombre_evenements: count,
    aucun_evenement: flag,
    evenements: objectList({
      famille: kinds.famille,
      type: { type: 'string', enum: [...kinds.types] },
      type_source: nullableString,
      libelle_source: nullableString,
      date: nullableDate,
      ...properties,
    }),
  };
}

export const EVENTS_REQUIRED = ['nombre_evenements', 'aucun_evenement', 'evenements'] as const;

/** The period and headcount each filed annual report or account starts with. */
export const accountsPeriod = {
  annee: nullableInteger,
  debut: nullableDate,
  fin: nullableDate,
  effectif: nullableInteger,
};

/**
 * The body of a detail route of a European register queried live (api/routes/europeLiveDetail.ts): `pays`,
 * `id_national`, the route's own members, then `consulte_le` (when the register was read) and `licence`.
 */
export function europeanLiveDetailSchema(
  pays: string,
  spec: { required: readonly string[]; properties: Record<string, JsonSchema> },
): JsonSchema {
  return {
    type: 'object',
    required: ['pays', 'id_national', ...spec.required, 'consulte_le', 'licence'],
    properties: {
      pays: { const: pays },
      id_national: { type: 'string' },
      ...spec.properties,
      consulte_le: { type: 'string', format: 'date-time' },
      licence: nullableString,
    },
  };
}
