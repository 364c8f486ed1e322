import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { amounts, annualAccountsSchema, BILAN_POSTES, COMPTE_RESULTAT_POSTES } from './annualAccounts.ts';
import { nullableDate, nullableInteger, nullableString } from './europeanDetail.ts';

const nullableBoolean = { type: ['boolean', 'null'] };
const AMOUNTS =
  'Montants entiers, dans la devise du dépôt (devise), tels que publiés. / Whole amounts as published.';

/** GET /v1/eu/entreprise/NO/{id}/comptes: the Lithuanian accounts' shape, as far as the data allows. */
export const noAccountsSchema: JsonSchema = annualAccountsSchema('NO', {
  type_source: { type: ['string', 'null'], description: 'regnskapstype : SELSKAP ou KONSERN.' },
  depose_le: { ...nullableDate, description: 'Non publié par l’API ouverte : toujours null.' },
  devise: nullableString,
  comptes_de_liquidation: nullableBoolean,
  regles_petites_entreprises: nullableBoolean,
  revision: {
    type: 'object',
    properties: { non_revise: nullableBoolean, dispense_choisie: nullableBoolean },
  },
  bilan: amounts(
    [
      ...BILAN_POSTES,
      'capitaux_propres_apportes',
      'capitaux_propres_acquis',
      'dettes_long_terme',
      'dettes_court_terme',
      'total_passif',
    ],
    nullableInteger,
    AMOUNTS,
  ),
  compte_resultat: amounts(
    [
      ...COMPTE_RESULTAT_POSTES,
      'charges_exploitation',
      'resultat_exploitation',
      'produits_financiers',
      'charges_financieres',
      'resultat_financier',
      'resultat_global',
    ],
    nullableInteger,
    AMOUNTS,
  ),
  autres_postes: objectList({
    code: { type: 'string' },
    libelle: nullableString,
    valeur: { type: 'integer' },
  }),
  id_source: nullableInteger,
  numero_journal: nullableString,
});
