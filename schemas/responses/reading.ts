import { type JsonSchema, objectList } from '../jsonSchema.ts';

const snapshotSchema: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    version: { type: 'string' },
    date_photo: { type: 'string', format: 'date' },
    empreinte_sha256: { type: ['string', 'null'] },
    completee_le: { type: 'string', format: 'date-time' },
  },
};

/** How current the snapshot facts of a free document are (it answers without the database: the last known). */
const photosStateSchema: JsonSchema = {
  type: 'object',
  required: ['etat', 'lues_le'],
  description:
    'État des photos servies : `a_jour` (lues maintenant), `derniere_connue` (base injoignable : les dernières lues par ce processus, à `lues_le`), `inconnue` (base injoignable, jamais lues). / How current the snapshot facts are.',
  properties: {
    etat: { type: 'string', enum: ['a_jour', 'derniere_connue', 'inconnue'] },
    lues_le: { type: ['string', 'null'], format: 'date-time' },
    message: { type: 'string' },
  },
};

/** A register's dictionary entry, as /v1/provenance/registres lists it. */
const registerEntrySchema: JsonSchema = {
  type: 'object',
  required: [
    'code',
    'nom_court',
    'nom_complet',
    'pays',
    'licence',
    'licence_url',
    'mode',
    'seuil_fraicheur_jours',
  ],
  properties: {
    code: { type: 'string' },
    nom_court: { type: 'string' },
    nom_complet: { type: 'string' },
    producteur: { type: 'string' },
    pays: { type: 'string', pattern: '^[A-Z]{2}$' },
    licence: { type: 'string' },
    licence_url: { type: 'string', format: 'uri' },
    mode: { type: 'string', enum: ['copie_locale', 'direct'] },
    seuil_fraicheur_jours: { type: ['integer', 'null'] },
    source_url: { type: 'string', format: 'uri' },
    derniere_photo: snapshotSchema,
    collecte_en_cours: {
      type: ['object', 'null'],
      properties: { version: { type: 'string' }, depuis: { type: 'string', format: 'date-time' } },
    },
  },
};

export const registerDictionarySchema: JsonSchema = {
  type: 'object',
  required: ['photos', 'registres'],
  properties: {
    photos: photosStateSchema,
    registres: { type: 'array', items: registerEntrySchema },
  },
};

/** A closed list of the contract as /v1/lecture serves it: each code with what it means. */
const codeMeanings = (description?: string): JsonSchema => ({
  type: 'array',
  ...(description === undefined ? {} : { description }),
  items: { type: 'object', properties: { code: { type: 'string' }, signification: { type: 'string' } } },
});

export const readingSchema: JsonSchema = {
  type: 'object',
  required: [
    'codes_erreur',
    'motif_panne',
    'raisons_bloc_absent',
    'raisons_amont',
    'signaux_kyb',
    'classes_score',
    'confiances_score',
    'raisons_facturation',
    'photos',
    'empreintes_amont',
  ],
  properties: {
    codes_erreur: objectList({
      code: { type: 'string' },
      statut: { type: 'integer' },
      signification: { type: 'string' },
    }),
    motif_panne: codeMeanings(),
    raisons_bloc_absent: codeMeanings(
      'Pourquoi un bloc de la fiche ou du dossier est absent (`blocs_absents[].raison`). / Why a block is absent.',
    ),
    raisons_amont: codeMeanings(
      'Pourquoi un registre interrogé en direct ne répond pas utilement (`raison` d’un 503 `amont_indisponible`). / Why a live register did not answer usably.',
    ),
    signaux_kyb: objectList({
      code: { type: 'string' },
      source: { type: 'string' },
      signification: { type: 'string' },
    }),
    classes_score: objectList({
      code: { type: 'string' },
      jusqua: {
        type: ['number', 'null'],
        description:
          'Borne haute (exclue) de `risque_12m` pour la classe ; null : sans borne. / Upper bound (excluded).',
      },
      signification: { type: 'string' },
    }),
    confiances_score: codeMeanings(
      'Confiance du modèle qui donne un score (`score.confiance`). / Confidence of the model behind a score.',
    ),
    raisons_facturation: objectList({
      code: { type: 'string' },
      niveau: { enum: ['bloquant', 'avertissement', 'information'] },
      signification: { type: 'string' },
    }),
    photos: photosStateSchema,
    empreintes_amont: objectList({
      registre: { type: 'string' },
      version: { type: 'string' },
      date_photo: { type: 'string', format: 'date' },
      empreinte_sha256: { type: ['string', 'null'] },
      completee_le: { type: 'string', format: 'date-time' },
    }),
  },
};

export const jwksSchema: JsonSchema = {
  type: 'object',
  required: ['keys'],
  properties: {
    keys: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kty', 'crv', 'x', 'kid'],
        properties: {
          kty: { const: 'OKP' },
          crv: { const: 'Ed25519' },
          x: { type: 'string' },
          kid: { type: 'string' },
          alg: { type: 'string' },
          use: { type: 'string' },
        },
      },
    },
  },
};

export const textSchema: JsonSchema = { type: 'string' };
export const openApiDocumentSchema: JsonSchema = { type: 'object', description: 'Document OpenAPI 3.1.0.' };

/** One sample of /v1/echantillons: the route, its free sample's URL, the paid request it answers, its price. */
const sampleEntrySchema: JsonSchema = {
  type: 'object',
  required: ['route', 'echantillon', 'requete', 'prix'],
  properties: {
    route: { type: 'string', description: 'Identifiant de la route. / Route id.' },
    resume: { type: 'string' },
    echantillon: { type: 'string', description: 'URL gratuite de l’échantillon. / Free sample URL.' },
    requete: {
      type: 'string',
      description: 'La requête payante dont l’échantillon est la réponse. / The paid request sampled.',
    },
    prix: { type: 'string', description: 'Prix de la route en USD. / The route’s price in USD.' },
  },
};

/** GET /v1/echantillons */
export const samplesListSchema: JsonSchema = {
  type: 'object',
  required: ['nombre_echantillons', 'echantillons'],
  properties: {
    nombre_echantillons: { type: 'integer' },
    echantillons: { type: 'array', items: sampleEntrySchema },
  },
};

/** GET /v1/echantillons/{route}: the sampled route's own answer (envelope and body), as it documents it. */
export const sampleAnswerSchema: JsonSchema = {
  type: 'object',
  description:
    'Réponse réelle et signée de la route nommée, produite par son traitement sur les données de démonstration ; en-tête « Echantillon ». / A real, signed answer of the named route.',
};

/** GET /v1/catalogue.json */
export const priceListSchema: JsonSchema = {
  type: 'object',
  required: ['unites', 'nombre_routes', 'routes'],
  properties: {
    unites: {
      type: 'object',
      description:
        'Ce que vaut un prix : 1 crédit = 1 EUR ; en x402, le même nombre en USDC ou en EURC. / What a price means.',
      required: ['credit', 'fr', 'en'],
      properties: { credit: { type: 'string' }, fr: { type: 'string' }, en: { type: 'string' } },
    },
    nombre_routes: { type: 'integer' },
    routes: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'methode',
          'chemin',
          'famille',
          'prix',
          'prix_unites_atomiques',
          'quota_gratuit',
          'resume',
        ],
        properties: {
          id: { type: 'string' },
          methode: { type: 'string' },
          chemin: { type: 'string' },
          famille: { type: 'string' },
          prix: { type: 'string', description: 'Prix affiché ($0.005). / Price as shown.' },
          prix_unites_atomiques: { type: 'integer', description: 'Unités de 10⁻⁶ (USDC, EURC, crédits).' },
          quota_gratuit: { type: 'boolean' },
          resume: { type: 'string' },
        },
      },
    },
  },
};
