import { EU_STATUTS } from '../enums/euStatut.ts';
import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString = { type: ['string', 'null'] };
const nullableDate = { type: ['string', 'null'], format: 'date' };

/** GET /v1/eu/entreprise/{pays}/{id}: the European unified profile. */
export const euProfileSchema: JsonSchema = {
  type: 'object',
  required: [
    'pays',
    'registre',
    'id_national',
    'denomination',
    'forme_juridique',
    'statut',
    'statut_detail',
    'date_creation',
    'adresse_siege',
    'identifiants',
    'lien_registre',
  ],
  properties: {
    pays: { type: 'string', pattern: '^[A-Z]{2}$' },
    registre: { type: 'string', description: 'Nom du registre.' },
    id_national: { type: 'string' },
    denomination: nullableString,
    forme_juridique: {
      type: 'object',
      properties: { code: nullableString, libelle: nullableString },
    },
    statut: {
      type: ['string', 'null'],
      enum: [...EU_STATUTS, null],
      description:
        'actif : inscrite ; en_cessation : liquidation, faillite ou dissolution forcée en cours (LV : aussi insolvabilité en cours, absorption, fusion, scission ou transformation qui la fait disparaître, activité suspendue) ; radie : radiée. / active; winding up; struck off.',
    },
    statut_detail: { ...nullableString, description: 'Libellé ou code de la source, tel que publié.' },
    date_creation: nullableDate,
    adresse_siege: {
      type: 'object',
      properties: {
        adresse: nullableString,
        code_postal: nullableString,
        ville: nullableString,
        pays: nullableString,
      },
    },
    identifiants: { type: 'object', properties: { tva: nullableString, lei: nullableString } },
    lien_registre: nullableString,
  },
};

/** GET /v1/eu/recherche: the European search result. */
export const euSearchSchema: JsonSchema = {
  type: 'object',
  required: ['nombre_resultats', 'registres_muets', 'listes_bornees', 'resultats', 'pays_couverts'],
  properties: {
    listes_bornees: boundedListsSchema(['resultats'], {
      required: true,
      description:
        'Au plus 10 résultats servis ; nombre_total compte les correspondances lues, borne basse quand un registre a atteint sa limite. / At most 10 served; the total counts the matches read, a lower bound when a register reached its limit.',
    }),
    nombre_resultats: { type: 'integer', minimum: 0, maximum: 10 },
    registres_muets: {
      type: 'array',
      description:
        'Registres qui n’ont pas répondu, et pourquoi (motif_panne). / Registers that did not answer.',
      items: {
        type: 'object',
        properties: { pays: { type: 'string' }, registre: { type: 'string' }, motif: { type: 'string' } },
      },
    },
    resultats: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          pays: { type: 'string' },
          id_national: { type: 'string' },
          denomination: nullableString,
          statut: nullableString,
          ville: nullableString,
          registre: { type: 'string' },
          correspondance: {
            type: 'string',
            enum: ['identifiant_national', 'denomination_exacte', 'denomination_approchee'],
            description: 'Origine de la correspondance dans la copie locale du registre.',
          },
          score_confiance: { type: 'number', minimum: 0, maximum: 1 },
        },
      },
    },
    pays_couverts: objectList({
      pays: { type: 'string' },
      registre: { type: 'string' },
      mode: { type: 'string', enum: ['copie_locale', 'direct'] },
      entites: { type: 'integer' },
    }),
  },
};
