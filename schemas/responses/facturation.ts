import { NOM_NON_SERVI } from '../enums/nomNonServi.ts';
import { NIVEAUX_RAISON_FACTURATION, RAISONS_FACTURATION } from '../enums/raisonsFacturation.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { PAYS_FACTURATION_UE } from '../params/facturation.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { alerteSchema } from './alertes.ts';
import { boundedListsSchema } from './boundedLists.ts';
import { absentBlockSchema } from './entreprise.ts';
import { STATUTS_TVA } from './tvaVerifier.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const date: JsonSchema = { type: 'string', format: 'date' };

const object = (
  properties: Record<string, JsonSchema>,
  description: string,
  nullable = false,
): JsonSchema => ({
  type: nullable ? ['object', 'null'] : 'object',
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
  description,
});

/** A route's answer: the envelope (citation, provenance…) is added by the OpenAPI generator. */
const answer = (properties: Record<string, JsonSchema>, description: string): JsonSchema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  description,
});

const tvaSchema = object(
  {
    numero: { type: 'string', description: 'Numéro de TVA vérifié, préfixe pays compris.' },
    statut: {
      enum: [...STATUTS_TVA],
      description: 'Verdict de VIES (une panne est une absence, jamais « invalide »).',
    },
    date_demande: { ...nullableString, format: 'date-time' },
    identifiant_consultation: nullableString,
    consulte_le: { type: 'string', format: 'date-time' },
  },
  'Le numéro de TVA et le verdict de VIES ; null avec `tva` dans `blocs_absents` quand VIES n’a pas répondu.',
  true,
);

const listeBlancheSchema = object(
  {
    sur_la_liste: {
      type: 'boolean',
      description: 'Le compte est déclaré par ce NIP sur la liste blanche au jour demandé.',
    },
    date_verifiee: { ...date, description: 'Le jour sur lequel la liste a été interrogée.' },
    identifiant_requete: {
      ...nullableString,
      description: 'requestId du Ministère des Finances : la preuve de la question.',
    },
    date_requete: { ...nullableString, description: 'requestDateTime tel que publié (JJ-MM-AAAA hh:mm:ss).' },
    consulte_le: { type: 'string', format: 'date-time' },
  },
  'PL : présence du compte sur la liste blanche (Wykaz podatników VAT) pour ce NIP, lue en direct ; null hors PL ou quand la liste n’a pas répondu (`liste_blanche` dans `blocs_absents`).',
  true,
);

const banqueSchema = object(
  {
    iban: { type: 'string', description: 'L’IBAN au format électronique.' },
    pays: { type: 'string', pattern: '^[A-Z]{2}$' },
    forme_valide: { type: 'boolean' },
    cle_valide: { type: 'boolean' },
    code_banque: {
      ...nullableString,
      description: 'BE : code de 3 chiffres ; PL : numéro de tri de 8 chiffres.',
    },
    banque: object(
      {
        nom: { type: 'string' },
        bic: nullableString,
        unite: { ...nullableString, description: 'PL : l’unité du numéro de tri, quand la liste la nomme.' },
        liste: { type: 'string', description: 'La liste nationale lue et sa version.' },
      },
      'La banque selon la liste nationale des codes banque ; null quand la liste tenue ici ne la connaît pas.',
      true,
    ),
    verification_titulaire: {
      enum: ['non_disponible'],
      description: 'Le titulaire du compte et l’existence du compte ne sont pas vérifiés.',
    },
    liste_blanche: listeBlancheSchema,
  },
  'Banque identifiée depuis l’IBAN (forme, clé, liste nationale) ; null sans IBAN fourni (raison `iban_non_fourni`).',
  true,
);

const mandatSchema = object(
  {
    obligation: { type: 'string' },
    en_vigueur_depuis: date,
    en_vigueur: { type: 'boolean', description: 'En vigueur le jour de la requête.' },
    canal_par_defaut: { type: 'string' },
    calendrier: {
      type: 'array',
      items: object({ depuis: date, pour: { type: 'string' } }, 'Une phase du calendrier.'),
    },
    source_juridique: { type: 'string' },
    table_du: { ...date, description: 'Date de la table des obligations tenue ici.' },
  },
  'L’obligation de facturation électronique du pays (table datée, source juridique nommée).',
);

const verdictSchema = object(
  {
    pret_a_facturer: {
      type: 'boolean',
      description: 'Vrai seulement si aucune raison n’est `bloquant` ni `avertissement`.',
    },
    raisons: {
      type: 'array',
      items: object(
        {
          code: { enum: RAISONS_FACTURATION.map((r) => r.code) },
          niveau: { enum: [...NIVEAUX_RAISON_FACTURATION] },
          source: {
            type: 'string',
            description: 'Le registre (code du dictionnaire) ou l’entrée qui la lève.',
          },
        },
        'Une raison de la liste fermée de GET /v1/lecture (`raisons_facturation`).',
      ),
    },
  },
  'Le verdict : prêt à facturer, et pourquoi (liste fermée, niveau, source).',
);

const nomNonServi: JsonSchema = {
  enum: [...NOM_NON_SERVI, null],
  description: 'Pourquoi la dénomination n’est pas servie ; null quand elle l’est.',
};

/** GET /v1/eu/facturation/dossier. */
export const euFacturationSchema: JsonSchema = answer(
  {
    pays: { enum: [...PAYS_FACTURATION_UE] },
    id: { type: 'string', description: 'BE : numéro d’entreprise (10 chiffres) ; PL : NIP (10 chiffres).' },
    destinataire: object(
      {
        denomination: nullableString,
        nom_non_servi: nomNonServi,
        etat: {
          ...nullableString,
          description:
            'BE : actif, en_cessation, radie (BCE) ; PL : statusVat de la liste blanche (Czynny, Zwolniony…).',
        },
        etat_detail: nullableString,
        source: { type: 'string' },
      },
      'Le destinataire selon la BCE (BE, copie locale) ou la liste blanche (PL, en direct) ; null quand le registre ne le connaît pas, ou n’a pas répondu.',
      true,
    ),
    tva: tvaSchema,
    peppol: object(
      {
        annuaire: {
          enum: ['publie', 'non_trouve'],
          description:
            'non_trouve : absent du Peppol Directory, où la publication est volontaire ; ce n’est pas « pas sur Peppol ».',
        },
        joignable: {
          type: ['boolean', 'null'],
          description:
            'true : publié comme destinataire Peppol ; null : non trouvé dans l’annuaire (inconnu, jamais false).',
        },
        identifiant: { ...nullableString, description: 'Identifiant de participant (0208:<numéro BCE>).' },
        nom_enregistre: nullableString,
        documents: { type: 'array', items: { type: 'string' } },
        accepte_facture_en16931: { type: ['boolean', 'null'] },
        consulte_le: { type: 'string', format: 'date-time' },
      },
      'BE : le participant 0208:<numéro BCE> dans le Peppol Directory, lu en direct ; null en PL (hors Peppol : KSeF), ou quand l’annuaire n’a pas répondu (`peppol` dans `blocs_absents`).',
      true,
    ),
    banque: banqueSchema,
    mandat: mandatSchema,
    verdict: verdictSchema,
    blocs_absents: { type: 'array', items: absentBlockSchema },
    note: { type: 'string' },
  },
  'Vérification avant facturation d’une entreprise belge ou polonaise.',
);

/** GET /v1/facturation/dossier. */
export const frFacturationSchema: JsonSchema = answer(
  {
    siren: SIREN_SCHEMA,
    destinataire: object(
      {
        denomination: nullableString,
        etat_administratif: nullableString,
        categorie_juridique: nullableString,
      },
      'Identité et état selon Sirene.',
    ),
    tva: tvaSchema,
    adresse_facturation: object(
      {
        siret: { type: 'string' },
        adresse: nullableString,
        code_postal: nullableString,
        commune: nullableString,
      },
      'Le siège dans Sirene, adresse de facturation ; null si Sirene ne publie pas de siège.',
      true,
    ),
    etablissements_ouverts: { type: 'array', items: { type: 'string' } },
    procedures_collectives: {
      type: ['array', 'null'],
      items: alerteSchema,
      description:
        'Procédures collectives des annonces BODACC en vigueur ; null quand la copie du BODACC n’est pas lisible.',
    },
    listes_bornees: boundedListsSchema(['etablissements_ouverts', 'procedures_collectives']),
    plateforme_reception: object(
      {
        statut: { enum: ['non_disponible'] },
        raison: { type: 'string' },
      },
      'La plateforme agréée de réception selon l’annuaire public de la facturation électronique : non lue par ce service (voir docs/registers.md).',
    ),
    banque: banqueSchema,
    mandat: mandatSchema,
    verdict: verdictSchema,
    blocs_absents: { type: 'array', items: absentBlockSchema },
    note: { type: 'string' },
  },
  'Vérification avant facturation d’une entreprise française.',
);
