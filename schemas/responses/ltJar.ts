import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { amounts, annualAccountsSchema, BILAN_POSTES, COMPTE_RESULTAT_POSTES } from './annualAccounts.ts';
import { europeanDetailSchema, nullableDate, nullableNumber, nullableString } from './europeanDetail.ts';

const poste = { code: { type: 'string' }, libelle: nullableString, valeur: nullableNumber };

/** GET /v1/eu/entreprise/LT/{kodas}/comptes */
export const ltJarAccountsSchema: JsonSchema = annualAccountsSchema('LT', {
  depose_le: nullableDate,
  devise: { const: 'EUR' },
  bilan: amounts(BILAN_POSTES, nullableNumber),
  compte_resultat: amounts(COMPTE_RESULTAT_POSTES, nullableNumber),
  autres_postes: objectList(poste),
  postes_divergents: objectList({ poste: { type: 'string' }, valeurs: objectList(poste) }),
});

/** GET /v1/eu/entreprise/LT/{kodas}/insolvabilite */
export const ltJarInsolvencySchema: JsonSchema = europeanDetailSchema('LT', {
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
