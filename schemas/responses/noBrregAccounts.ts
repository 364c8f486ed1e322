import type { JsonSchema } from '../jsonSchema.ts';
import {
  europeanDetailSchema,
  nullableDate,
  nullableInteger,
  nullableString,
  objectList,
} from './europeanDetail.ts';

const codeLibelle = { type: 'object', properties: { code: nullableString, libelle: nullableString } };
const nullableBoolean = { type: ['boolean', 'null'] };
const amounts = (names: readonly string[]) => ({
  type: 'object',
  description:
    'Montants entiers, dans la devise du dépôt (devise), tels que publiés. / Whole amounts as published.',
  properties: Object.fromEntries(names.map((n) => [n, nullableInteger])),
});

/** GET /v1/eu/entreprise/NO/{id}/comptes: the Lithuanian accounts' shape, as far as the data allows. */
export const noAccountsSchema: JsonSchema = europeanDetailSchema('NO', {
  required: ['nombre_exercices', 'dernier_exercice', 'exercices', 'photo'],
  properties: {
    nombre_exercices: { type: 'integer' },
    dernier_exercice: nullableDate,
    exercices: objectList({
      debut: nullableDate,
      fin: nullableDate,
      consolide: { type: 'boolean' },
      type_source: { type: ['string', 'null'], description: 'regnskapstype : SELSKAP ou KONSERN.' },
      etats: objectList({ gabarit: codeLibelle, standard: codeLibelle }),
      depose_le: { ...nullableDate, description: 'Non publié par l’API ouverte : toujours null.' },
      devise: nullableString,
      comptes_de_liquidation: nullableBoolean,
      regles_petites_entreprises: nullableBoolean,
      revision: {
        type: 'object',
        properties: { non_revise: nullableBoolean, dispense_choisie: nullableBoolean },
      },
      bilan: amounts([
        'actif_non_courant',
        'actif_courant',
        'total_actif',
        'immobilisations_corporelles',
        'capitaux_propres',
        'dettes',
        'capitaux_propres_apportes',
        'capitaux_propres_acquis',
        'dettes_long_terme',
        'dettes_court_terme',
        'total_passif',
      ]),
      compte_resultat: amounts([
        'chiffre_affaires',
        'produits',
        'charges_exploitation',
        'resultat_exploitation',
        'produits_financiers',
        'charges_financieres',
        'resultat_financier',
        'resultat_avant_impot',
        'resultat_net',
        'resultat_global',
      ]),
      autres_postes: objectList({
        code: { type: 'string' },
        libelle: nullableString,
        valeur: { type: 'integer' },
      }),
      id_source: nullableInteger,
      numero_journal: nullableString,
    }),
    photo: nullableDate,
  },
});
