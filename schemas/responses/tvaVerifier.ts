import { NOM_NON_SERVI } from '../enums/nomNonServi.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { alerteSchema } from './alertes.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };

/** The VIES statuses served: a verdict only (an outage is a 503, never `invalide`). */
export const STATUTS_TVA = ['valide', 'invalide'] as const;

const dateDemande: JsonSchema = {
  type: ['string', 'null'],
  format: 'date-time',
  description:
    'Date et heure de la vérification selon VIES (requestDate), en UTC ISO 8601. / When VIES checked the number (UTC).',
};

const identifiantConsultation: JsonSchema = {
  ...nullableString,
  description:
    'Numéro de consultation de VIES (requestIdentifier), la preuve de la vérification ; null quand ce serveur ne déclare pas de numéro de TVA demandeur (VIES_REQUESTER_VAT). / VIES consultation number, null without a requester VAT number.',
};

const nomNonServi: JsonSchema = {
  enum: [...NOM_NON_SERVI, null],
  description:
    'Pourquoi nom et adresse ne sont pas servis : personne_physique (le registre que nous tenons le dit : entrepreneur individuel Sirene, personne physique BCE), personne_physique_possible (rien ne montre une personne morale : pas de forme juridique dans le nom), identite_non_verifiable (SIREN inconnu de notre copie Sirene ou en diffusion partielle), non_publie (VIES ne les publie pas : --- ou vide) ; null quand ils sont servis.',
};

/** GET /v1/tva/verifier/{numero}. */
export const tvaVerifierSchema: JsonSchema = {
  type: 'object',
  required: [
    'numero',
    'pays',
    'statut',
    'nom',
    'adresse',
    'nom_non_servi',
    'date_demande',
    'identifiant_consultation',
    'consulte_le',
  ],
  properties: {
    numero: {
      type: 'string',
      description:
        'Le numéro normalisé, préfixe pays compris (LV44103126607 ; EL pour la Grèce, XI pour l’Irlande du Nord).',
    },
    pays: {
      type: 'string',
      pattern: '^[A-Z]{2}$',
      description: 'Code de l’État membre dans VIES (EL pour la Grèce, XI pour l’Irlande du Nord).',
    },
    statut: { enum: [...STATUTS_TVA], description: 'Verdict de VIES sur le numéro.' },
    nom: { ...nullableString, description: 'Nom tel que VIES le publie ; null quand non servi.' },
    adresse: { ...nullableString, description: 'Adresse telle que VIES la publie ; null quand non servie.' },
    nom_non_servi: nomNonServi,
    date_demande: dateDemande,
    identifiant_consultation: identifiantConsultation,
    consulte_le: { type: 'string', format: 'date-time', description: 'Lecture de VIES en direct.' },
  },
};

/** The dossier's `facturation_prep` block: what an invoice to the company needs, checked. */
export const facturationPrepBlockSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'numero_tva',
    'tva',
    'adresse_facturation',
    'etablissements_ouverts',
    'procedures_collectives',
    'listes_bornees',
    'note',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString,
    numero_tva: {
      type: 'string',
      pattern: '^FR\\d{11}$',
      description:
        'Numéro de TVA intracommunautaire calculé du SIREN : FR + clé (12 + 3 × (SIREN mod 97)) mod 97 + SIREN.',
    },
    tva: {
      type: 'object',
      required: ['statut', 'date_demande', 'identifiant_consultation', 'consulte_le'],
      properties: {
        statut: { enum: [...STATUTS_TVA] },
        date_demande: dateDemande,
        identifiant_consultation: identifiantConsultation,
        consulte_le: { type: 'string', format: 'date-time' },
      },
    },
    adresse_facturation: {
      type: ['object', 'null'],
      description: 'Adresse du siège dans Sirene ; null quand Sirene ne publie pas le siège.',
      required: ['siret', 'adresse', 'code_postal', 'commune'],
      properties: {
        siret: { type: 'string', pattern: '^\\d{14}$' },
        adresse: nullableString,
        code_postal: nullableString,
        commune: nullableString,
      },
    },
    etablissements_ouverts: {
      type: 'array',
      description: 'SIRET des établissements ouverts (Sirene), siège d’abord.',
      items: { type: 'string', pattern: '^\\d{14}$' },
    },
    procedures_collectives: {
      type: 'array',
      description:
        'Signaux de procédure collective des annonces BODACC en vigueur (ni annulées ni remplacées), les plus récents d’abord ; les radiations n’en sont pas.',
      items: alerteSchema,
    },
    listes_bornees: boundedListsSchema(['etablissements_ouverts', 'procedures_collectives'], {
      required: true,
    }),
    note: { type: 'string' },
  },
};
