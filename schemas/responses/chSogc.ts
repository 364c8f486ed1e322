import { CH_SOGC_CHANGEMENTS, CH_SOGC_FAMILLES, CH_SOGC_TYPES } from '../enums/chSogc.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { boundedListsSchema } from './boundedLists.ts';
import { nullableDate as d, nullableNumber as n, nullableString as s } from './europeanDetail.ts';

const nullableBoolean = { type: ['boolean', 'null'] };
const count = { type: 'integer', minimum: 0 };

const TEXT_WITHHELD = {
  const: true,
  description:
    'Toujours vrai : le texte libre de la publication n’est ni servi ni conservé, car il nomme des personnes. / Always true: the free text is withheld (it names persons).',
};

const cantons = { type: 'array', items: { type: 'string' }, description: 'Cantons de la publication.' };

const changements = {
  type: ['array', 'null'],
  items: { type: 'string', enum: [...CH_SOGC_CHANGEMENTS] },
  description:
    'Drapeaux structurés d’une mutation (liste fermée) : raison_sociale, siege, adresse, but, capital, forme_juridique, faillite, liquidation, autres (dont les changements de personnes) ; vide pour une inscription ou une radiation ; null quand la publication a été lue sans son contenu. / Closed-list change flags.',
};

/** The list members both routes share, in the contract's order, then the bounded list and the coverage. */
function publicationsList(item: JsonSchema, what: string) {
  return {
    denomination: { ...s, description: 'Raison sociale selon la publication la plus récente.' },
    nombre_publications: { ...count, description: `Nombre de ${what} de l’entreprise depuis le 2018-07-01.` },
    nombre_listees: count,
    troncature: {
      type: 'boolean',
      description: 'Vrai quand la liste servie ne contient pas toutes les publications comptées.',
    },
    premiere_publication_le: {
      ...d,
      description: 'Date de la plus ancienne publication ; null quand la liste est tronquée (non lue).',
    },
    derniere_publication_le: d,
    aucune_publication: {
      type: 'boolean',
      description:
        'Vrai quand la FOSC ne publie rien pour cette UID depuis le 1er juillet 2018 (début de l’archive en ligne) ; ne dit rien d’avant. / No publication since 1 July 2018; says nothing of before.',
    },
    publications: { type: 'array', items: item },
    consulte_le: { type: 'string', format: 'date-time', description: 'Lecture de la FOSC en direct.' },
    listes_bornees: boundedListsSchema(['publications'], { required: true }),
    couverture: {
      type: 'object',
      required: ['depuis', 'note'],
      properties: { depuis: { type: 'string', format: 'date' }, note: { type: 'string' } },
      description: 'Début de l’archive en ligne : une absence ne remonte pas plus loin.',
    },
  };
}

const LIST_REQUIRED = [
  'denomination',
  'nombre_publications',
  'nombre_listees',
  'troncature',
  'premiere_publication_le',
  'derniere_publication_le',
  'aucune_publication',
  'publications',
  'consulte_le',
  'listes_bornees',
  'couverture',
] as const;

const publication: JsonSchema = {
  type: 'object',
  required: [
    'date',
    'numero',
    'type',
    'sous_rubrique',
    'langue',
    'cantons',
    'office',
    'societe',
    'changements',
    'publication_precedente',
    'texte_retenu',
  ],
  properties: {
    date: d,
    numero: { ...s, description: 'Numéro de publication FOSC (HR02-1006740552).' },
    type: { type: ['string', 'null'], enum: [...CH_SOGC_TYPES, null] },
    sous_rubrique: { ...s, description: 'HR01 nouvelle inscription, HR02 mutation, HR03 radiation.' },
    langue: s,
    cantons,
    office: { ...s, description: 'Registre du commerce qui a inscrit le fait publié.' },
    societe: {
      type: ['object', 'null'],
      description:
        'L’entreprise selon la publication (nouvel état d’une mutation) ; jamais la ligne « c/o » de l’adresse.',
      properties: {
        nom: s,
        uid: s,
        siege: s,
        forme: {
          type: 'object',
          properties: { code: { ...s, description: 'Code eCH-0097 (0107 Sàrl).' }, libelle: s },
        },
        adresse: {
          type: ['object', 'null'],
          properties: { rue: s, numero: s, npa: s, localite: s },
        },
        capital: {
          type: ['object', 'null'],
          properties: { nominal: n, libere: n },
          description: 'Capital nominal et libéré, en CHF.',
        },
        renonciation_revision: { ...nullableBoolean, description: 'Renonciation au contrôle restreint.' },
      },
    },
    changements,
    publication_precedente: {
      type: ['object', 'null'],
      properties: {
        date: d,
        numero: { ...s, description: 'Numéro de la publication précédente, sans sa sous-rubrique.' },
      },
    },
    texte_retenu: TEXT_WITHHELD,
  },
};

/** GET /v1/eu/entreprise/CH/{id}/evenements */
export const chPublicationsSchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', ...LIST_REQUIRED],
  properties: {
    pays: { const: 'CH' },
    id_national: { type: 'string' },
    ...publicationsList(publication, 'publications au registre du commerce (rubrique HR)'),
  },
};

const insolvencyItem: JsonSchema = {
  type: 'object',
  description:
    'Publication liée à l’insolvabilité : ses références, jamais son texte. / References only, never the text.',
  required: [
    'date',
    'numero',
    'rubrique',
    'sous_rubrique',
    'famille',
    'langue',
    'cantons',
    'office',
    'changements',
    'texte_retenu',
  ],
  properties: {
    date: d,
    numero: s,
    rubrique: { ...s, description: 'HR (mutation signalant faillite ou liquidation), KK, NA ou LS.' },
    sous_rubrique: s,
    famille: { type: 'string', enum: [...CH_SOGC_FAMILLES] },
    langue: s,
    cantons,
    office: { ...s, description: 'Office qui publie (registre du commerce, office des faillites…).' },
    changements,
    texte_retenu: TEXT_WITHHELD,
  },
};

/** GET /v1/eu/entreprise/CH/{id}/insolvabilite */
export const chInsolvencySchema: JsonSchema = {
  type: 'object',
  required: ['pays', 'id_national', ...LIST_REQUIRED],
  properties: {
    pays: { const: 'CH' },
    id_national: { type: 'string' },
    ...publicationsList(insolvencyItem, 'publications liées à l’insolvabilité'),
  },
};
