import { SIGNAUX_KYB } from '../enums/signauxKyb.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { SANCTIONS_MATCH_METHODS } from '../sanctions/sanctionsScreening.ts';
import { alerteSchema } from './alertes.ts';
import { absentBlockSchema, identityProperties } from './entreprise.ts';
import { groupeLeiSchema } from './groupeLei.ts';
import { scoreBlockSchema } from './score.ts';
import { STATUTS_TVA } from './tvaVerifier.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableBoolean: JsonSchema = { type: ['boolean', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const QUALITES = ['entreprise', 'dirigeant', 'mere_directe', 'mere_ultime'];

export const dirigeantsKybSchema: JsonSchema = {
  type: ['object', 'null'],
  description:
    'Dirigeants du RNE : personnes morales nommées, personnes physiques comptées par fonction, jamais nommées ; null avec le bloc `dirigeants` dans `blocs_absents`.',
  required: ['personnes_morales', 'personnes_physiques'],
  additionalProperties: false,
  properties: {
    personnes_morales: {
      type: 'array',
      items: {
        type: 'object',
        required: ['siren', 'denomination', 'fonction', 'code_fonction', 'actif'],
        additionalProperties: false,
        properties: {
          siren: { type: ['string', 'null'], pattern: '^\\d{9}$' },
          denomination: nullableString,
          fonction: nullableString,
          code_fonction: nullableString,
          actif: nullableBoolean,
        },
      },
    },
    personnes_physiques: {
      type: 'object',
      required: ['nombre', 'par_fonction'],
      additionalProperties: false,
      properties: {
        nombre: count,
        par_fonction: {
          type: 'array',
          items: {
            type: 'object',
            required: ['fonction', 'code_fonction', 'nombre'],
            additionalProperties: false,
            properties: { fonction: nullableString, code_fonction: nullableString, nombre: count },
          },
        },
      },
    },
  },
};

const sanctionsSchema: JsonSchema = {
  type: ['object', 'null'],
  description:
    'Criblage des personnes morales (l’entreprise, ses dirigeants personnes morales, ses mères GLEIF) sur les listes nommées, à leur version ; null avec le bloc `sanctions` dans `blocs_absents`.',
  required: ['listes', 'personnes_criblees', 'nombre_resultats', 'resultats'],
  additionalProperties: false,
  properties: {
    listes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['registre', 'nom', 'version', 'date_publication', 'empreinte_sha256'],
        additionalProperties: false,
        properties: {
          registre: { type: 'string' },
          nom: { type: 'string' },
          version: { type: 'string' },
          date_publication: { type: ['string', 'null'], format: 'date' },
          empreinte_sha256: { type: ['string', 'null'], description: 'SHA-256 du fichier de la liste.' },
        },
      },
    },
    personnes_criblees: count,
    nombre_resultats: count,
    resultats: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'qualite',
          'cible',
          'siren',
          'lei',
          'liste',
          'entree',
          'nom_liste',
          'methode',
          'valeur_rapprochee',
          'date_liste',
        ],
        additionalProperties: false,
        properties: {
          qualite: { enum: QUALITES },
          cible: nullableString,
          siren: { type: ['string', 'null'], pattern: '^\\d{9}$' },
          lei: nullableString,
          liste: { type: 'string', description: 'Code du registre de la liste.' },
          entree: { type: 'string', description: 'Identifiant de l’entrée sur la liste.' },
          nom_liste: { type: 'string', description: 'Nom ou alias de l’entrée, tel que la liste le publie.' },
          methode: {
            enum: [...SANCTIONS_MATCH_METHODS],
            description: 'identifiant (un numéro que la liste publie) ou nom_exact_normalise (nom ou alias).',
          },
          valeur_rapprochee: {
            type: 'string',
            description:
              'Le nom ou l’alias rapproché tel que publié ; pour un identifiant, le numéro demandé.',
          },
          date_liste: { type: ['string', 'null'], format: 'date' },
        },
      },
    },
  },
};

/** GET /v1/kyb/{siren}. */
export const kybSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'identite',
    'dirigeants',
    'procedures_collectives',
    'tva',
    'groupe_lei',
    'score',
    'sanctions',
    'signaux',
    'blocs_absents',
    'note',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    identite: {
      type: 'object',
      required: [...Object.keys(identityProperties), 'siege'],
      properties: {
        ...identityProperties,
        siege: {
          type: 'object',
          required: ['siret', 'adresse', 'code_postal', 'commune'],
          properties: {
            siret: { type: ['string', 'null'], pattern: '^\\d{14}$' },
            adresse: nullableString,
            code_postal: nullableString,
            commune: nullableString,
          },
        },
      },
    },
    dirigeants: dirigeantsKybSchema,
    procedures_collectives: {
      type: ['object', 'null'],
      description:
        'Procédures collectives publiées au BODACC (annonces en vigueur, radiations à part), la plus récente d’abord ; null quand la copie du BODACC manque.',
      required: ['nombre', 'liste', 'tronque'],
      properties: {
        nombre: count,
        liste: { type: 'array', items: alerteSchema },
        tronque: { type: 'boolean' },
      },
    },
    tva: {
      type: ['object', 'null'],
      description:
        'Numéro de TVA calculé du SIREN et verdict de VIES ; null avec le bloc `tva` dans `blocs_absents`.',
      required: ['numero_tva', 'tva'],
      properties: {
        numero_tva: { type: 'string', pattern: '^FR\\d{11}$' },
        tva: {
          type: 'object',
          required: ['statut', 'date_demande', 'identifiant_consultation', 'consulte_le'],
          properties: {
            statut: { enum: [...STATUTS_TVA] },
            date_demande: { type: ['string', 'null'], format: 'date-time' },
            identifiant_consultation: nullableString,
            consulte_le: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    groupe_lei: groupeLeiSchema,
    score: {
      description: 'Le bloc `score` du dossier ; null avec sa raison dans `blocs_absents`.',
      oneOf: [{ type: 'null' }, scoreBlockSchema],
    },
    sanctions: sanctionsSchema,
    signaux: {
      type: 'array',
      description: 'Signaux d’alerte (liste fermée), chacun tiré d’une donnée servie dans cette réponse.',
      items: {
        type: 'object',
        required: ['code', 'source', 'date', 'reference'],
        additionalProperties: false,
        properties: {
          code: { enum: SIGNAUX_KYB.map((s) => s.code) },
          source: { type: 'string' },
          date: { type: ['string', 'null'], format: 'date' },
          reference: nullableString,
        },
      },
    },
    blocs_absents: { type: 'array', items: absentBlockSchema },
    note: { type: 'string' },
  },
};

/** The most SIRENs one POST /v1/kyb/batch may name (contract). */
export const KYB_BATCH_MAX = 100;

/** The body of POST /v1/kyb/batch (the contract names a JSON list of up to 100 SIRENs; this is its shape). */
export const kybBatchRequestSchema: JsonSchema = {
  type: 'object',
  required: ['sirens'],
  additionalProperties: false,
  properties: {
    sirens: {
      type: 'array',
      minItems: 1,
      maxItems: KYB_BATCH_MAX,
      description:
        'Les SIREN à vérifier (1 à 100) ; un SIREN répété est servi et facturé une fois ; un SIREN mal formé ou non servi est rendu dans `erreurs`, non facturé. / The SIRENs to check (1 to 100); a repeated SIREN is served and charged once; one malformed or not served is in `erreurs`, uncharged.',
      items: { type: 'string', maxLength: 32 },
    },
  },
};

/** POST /v1/kyb/batch: each company served (the body of GET /v1/kyb/{siren}), and each refusal, uncharged. */
export const kybBatchSchema: JsonSchema = {
  type: 'object',
  required: ['resultats', 'erreurs', 'facturation'],
  properties: {
    resultats: {
      type: 'array',
      description: 'Chaque entreprise servie, dans l’ordre demandé : le corps de GET /v1/kyb/{siren}.',
      items: kybSchema,
    },
    erreurs: {
      type: 'array',
      description:
        'Chaque SIREN non servi, avec le code et le message qu’aurait rendus GET /v1/kyb/{siren} : non facturé.',
      items: {
        type: 'object',
        required: ['siren', 'error', 'message'],
        additionalProperties: false,
        properties: {
          siren: { type: 'string', description: 'Le SIREN tel que donné.' },
          error: { type: 'string', description: 'Code de la liste fermée (GET /v1/lecture).' },
          message: { type: 'string' },
        },
      },
    },
    facturation: {
      type: 'object',
      required: ['entites_servies', 'prix_par_entite', 'total'],
      additionalProperties: false,
      description: 'Ce que le lot coûte : le prix par entité servie, en unités de prix (1e-6 USD).',
      properties: {
        entites_servies: count,
        prix_par_entite: { type: 'integer' },
        total: { type: 'integer' },
      },
    },
  },
};
