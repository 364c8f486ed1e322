import type { JsonSchema } from '../jsonSchema.ts';
import {
  europeanDetailSchema,
  nullableDate,
  nullableNumber,
  nullableString,
  objectList,
} from './europeanDetail.ts';

const codeLibelle = { type: 'object', properties: { code: nullableString, libelle: nullableString } };
const poste = { code: { type: 'string' }, libelle: nullableString, valeur: nullableNumber };
const amounts = (names: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, nullableNumber])),
});

/** GET /v1/eu/entreprise/LT/{kodas}/comptes */
export const ltAccountsSchema: JsonSchema = europeanDetailSchema('LT', {
  required: ['nombre_exercices', 'dernier_exercice', 'exercices', 'photo'],
  properties: {
    nombre_exercices: { type: 'integer' },
    dernier_exercice: nullableDate,
    exercices: objectList({
      debut: nullableDate,
      fin: nullableDate,
      consolide: { type: 'boolean' },
      etats: objectList({ gabarit: codeLibelle, standard: codeLibelle }),
      depose_le: nullableDate,
      devise: { const: 'EUR' },
      bilan: amounts([
        'actif_non_courant',
        'actif_courant',
        'total_actif',
        'immobilisations_corporelles',
        'capitaux_propres',
        'dettes',
      ]),
      compte_resultat: amounts(['chiffre_affaires', 'produits', 'resultat_avant_impot', 'resultat_net']),
      autres_postes: objectList(poste),
      postes_divergents: objectList({ poste: { type: 'string' }, valeurs: objectList(poste) }),
    }),
    photo: nullableDate,
  },
});

/** GET /v1/eu/entreprise/LT/{kodas}/insolvabilite */
export const ltInsolvencySchema: JsonSchema = europeanDetailSchema('LT', {
  required: ['statut_registre', 'procedure', 'procedure_au_registre', 'aucune_procedure', 'photo'],
  properties: {
    statut_registre: {
      type: 'object',
      properties: { code: { type: ['integer', 'null'] }, libelle: nullableString, depuis: nullableDate },
    },
    procedure: {
      type: ['object', 'null'],
      properties: {
        code: { type: ['integer', 'null'] },
        libelle: nullableString,
        famille: { type: 'string', enum: ['restructuration', 'faillite'] },
        depuis: nullableDate,
        en_cours: { type: 'boolean' },
      },
    },
    procedure_au_registre: { type: 'boolean' },
    aucune_procedure: { type: 'boolean', description: 'Mesuré sur la photo complète du registre.' },
    photo: nullableDate,
  },
});
