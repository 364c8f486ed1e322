import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { europeanDetailSchema, nullableDate, nullableString } from './europeanDetail.ts';

/** The contract's balance-sheet members (Lithuanian annual accounts), which other registers' accounts extend. */
export const BILAN_POSTES = [
  'actif_non_courant',
  'actif_courant',
  'total_actif',
  'immobilisations_corporelles',
  'capitaux_propres',
  'dettes',
] as const;

/** The contract's income-statement members (Lithuanian annual accounts). */
export const COMPTE_RESULTAT_POSTES = [
  'chiffre_affaires',
  'produits',
  'resultat_avant_impot',
  'resultat_net',
] as const;

const codeLibelle = { type: 'object', properties: { code: nullableString, libelle: nullableString } };

/** An object of amounts, one member per name, each of the given schema. */
export const amounts = (names: readonly string[], value: JsonSchema, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties: Object.fromEntries(names.map((n) => [n, value])),
});

/**
 * The annual accounts of a European register in the Lithuanian accounts' shape: every filed year in one call
 * (`debut`, `fin`, `consolide`, `etats` and the register's own members), with the year count, the last year and
 * the snapshot date.
 */
export function annualAccountsSchema(pays: string, year: Record<string, JsonSchema>): JsonSchema {
  return europeanDetailSchema(pays, {
    required: ['nombre_exercices', 'dernier_exercice', 'exercices', 'photo'],
    properties: {
      nombre_exercices: { type: 'integer' },
      dernier_exercice: nullableDate,
      exercices: objectList({
        debut: nullableDate,
        fin: nullableDate,
        consolide: { type: 'boolean' },
        etats: objectList({ gabarit: codeLibelle, standard: codeLibelle }),
        ...year,
      }),
      photo: nullableDate,
    },
  });
}
