import { type JsonSchema, objectList } from '../jsonSchema.ts';
import { europeanLiveDetailSchema, nullableDate, nullableInteger, nullableString } from './europeanDetail.ts';

/** A deposit of the Slovak accounts list (contract: Slovak accounts list), each member in order. */
const deposit = {
  date_cloture: {
    ...nullableDate,
    description: 'Date de clôture (datumZostaveniaK, sinon fin de obdobieDo). / Closing date.',
  },
  debut_exercice: {
    ...nullableDate,
    description: 'Premier jour de l’exercice (obdobieOd). / First day of the period.',
  },
  denomination: nullableString,
  perimetre: {
    type: 'string',
    enum: ['statutaire', 'consolide'],
    description: 'Comptes sociaux ou consolidés (konsolidovana). / Statutory or consolidated.',
  },
  type_depot: {
    ...nullableString,
    description: 'Type tel que publié : Riadna, Mimoriadna, Priebežná, Kombinovaná. / Type as published.',
  },
  modele: {
    ...nullableString,
    description: 'Modèle du rapport (šablóna, ex. « Úč POD », « Úč MUJ »). / Template name.',
  },
  nb_postes: {
    type: 'integer',
    description: 'Lignes du modèle (toutes tables). / Template rows, all tables.',
  },
  source_url: { type: 'string', description: 'Le rapport chez RÚZ. / The report at RÚZ.' },
} satisfies Record<string, JsonSchema>;

export const skAccountsListSchema = europeanLiveDetailSchema('SK', {
  required: ['nombre_depots', 'depots', 'nombre_depots_pdf_seuls', 'telechargement'],
  properties: {
    nombre_depots: { type: 'integer' },
    depots: objectList(
      deposit,
      'Un état structuré décodé, le plus récent d’abord. / A decoded structured statement, newest first.',
    ),
    nombre_depots_pdf_seuls: {
      type: 'integer',
      description:
        'États déposés en PDF seulement (tous les groupes IFRS) : absents de la liste. / PDF-only statements, absent from the list.',
    },
    telechargement: {
      type: 'object',
      required: ['chemin', 'prix_usd', 'note'],
      properties: {
        chemin: { type: 'string' },
        prix_usd: { type: 'string' },
        note: { type: 'string' },
      },
    },
  },
});

export const skStatementSchema = europeanLiveDetailSchema('SK', {
  required: [
    ...Object.keys(deposit),
    'devise',
    'depose_le',
    'approuve_le',
    'autres_depots_meme_date',
    'tableaux',
  ],
  properties: {
    ...deposit,
    devise: { ...nullableString, description: 'Devise du rapport (mena). / Currency.' },
    depose_le: { ...nullableDate, description: 'Date de dépôt (datumPodania). / Filing date.' },
    approuve_le: { ...nullableDate, description: 'Date d’approbation (datumSchvalenia). / Approval date.' },
    autres_depots_meme_date: {
      type: 'integer',
      description:
        'Autres états structurés clos à la même date (le statutaire ordinaire le plus récent est servi). / Other structured statements closing the same date.',
    },
    tableaux: objectList(
      {
        nom: nullableString,
        nom_en: nullableString,
        nombre_colonnes: { type: 'integer' },
        postes: objectList({
          numero: { type: 'integer' },
          code: nullableString,
          libelle: nullableString,
          libelle_en: nullableString,
          valeurs: {
            type: 'array',
            items: nullableInteger,
            description:
              'Une valeur par colonne de données du modèle, en euros entiers tels que déposés ; null : cellule vide. / One value per data column, whole euros as filed; null: empty cell.',
          },
        }),
      },
      'Une table du rapport décodée selon son modèle. / A report table decoded against its template.',
    ),
  },
});
