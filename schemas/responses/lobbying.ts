import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };
const nullableCount: JsonSchema = { type: ['integer', 'null'], minimum: 0 };
const nullableBoolean: JsonSchema = { type: ['boolean', 'null'] };
const count: JsonSchema = { type: 'integer', minimum: 0 };
const strings: JsonSchema = { type: 'array', items: { type: 'string' } };

const activiteSchema: JsonSchema = {
  type: 'object',
  required: ['identifiant_fiche', 'objet', 'domaines_intervention', 'date_publication'],
  properties: {
    identifiant_fiche: { ...nullableString, description: 'Identifiant de la fiche d’activité (HATVP).' },
    objet: { ...nullableString, description: 'Objet de l’activité, tel que publié.' },
    domaines_intervention: strings,
    date_publication: nullableDate,
  },
};

const exerciceSchema: JsonSchema = {
  type: 'object',
  required: [
    'exercice_id',
    'debut',
    'fin',
    'montant_depense',
    'chiffre_affaires',
    'nombre_salaries',
    'nombre_activites_declarees',
    'aucune_activite',
    'defaut_declaration',
    'date_publication',
    'activites',
  ],
  properties: {
    exercice_id: nullableCount,
    debut: nullableDate,
    fin: nullableDate,
    montant_depense: {
      ...nullableString,
      description:
        'Tranche des dépenses de représentation d’intérêts, telle que publiée (« < 10 000 euros », « > = 10 000 euros et < 25 000 euros »…) ; null si non déclarée.',
    },
    chiffre_affaires: { ...nullableString, description: 'Tranche de chiffre d’affaires, telle que publiée.' },
    nombre_salaries: { ...nullableCount, description: 'Personnes employées à la représentation d’intérêts.' },
    nombre_activites_declarees: {
      ...nullableCount,
      description: '`nombreActivite` déclaré pour l’exercice.',
    },
    aucune_activite: {
      ...nullableBoolean,
      description: 'L’organisation a déclaré n’avoir eu aucune activité.',
    },
    defaut_declaration: { ...nullableBoolean, description: 'Déclaration de l’exercice relevée manquante.' },
    date_publication: nullableDate,
    activites: {
      type: 'array',
      description: 'Activités publiées, la plus récente d’abord.',
      items: activiteSchema,
    },
  },
};

const organisationSchema: JsonSchema = {
  type: 'object',
  required: [
    'identifiant_national',
    'denomination',
    'nom_usage',
    'sigle',
    'categorie',
    'adresse',
    'site_web',
    'date_premiere_publication',
    'date_derniere_publication_activite',
    'date_cessation',
    'motif_desinscription',
    'inscrite',
    'secteurs_activite',
    'niveaux_intervention',
    'fiche_hatvp',
    'nombre_exercices',
    'nombre_activites_publiees',
    'domaines_intervention',
    'exercices',
  ],
  properties: {
    identifiant_national: {
      type: 'string',
      description: 'Le SIREN sous lequel l’organisation est inscrite.',
    },
    denomination: nullableString,
    nom_usage: nullableString,
    sigle: nullableString,
    categorie: {
      type: 'object',
      required: ['code', 'libelle', 'groupe'],
      properties: { code: nullableString, libelle: nullableString, groupe: nullableString },
    },
    adresse: {
      type: 'object',
      description: 'Adresse de l’organisation (null si elle a choisi de ne pas la publier).',
      required: ['adresse', 'code_postal', 'ville', 'pays'],
      properties: {
        adresse: nullableString,
        code_postal: nullableString,
        ville: nullableString,
        pays: nullableString,
      },
    },
    site_web: nullableString,
    date_premiere_publication: nullableDate,
    date_derniere_publication_activite: nullableDate,
    date_cessation: nullableDate,
    motif_desinscription: nullableString,
    inscrite: { type: 'boolean', description: 'Aucune date de cessation publiée.' },
    secteurs_activite: strings,
    niveaux_intervention: strings,
    fiche_hatvp: { type: 'string', description: 'Page publique de l’organisation sur hatvp.fr.' },
    nombre_exercices: count,
    nombre_activites_publiees: count,
    domaines_intervention: {
      type: 'array',
      description:
        'Chaque domaine d’intervention et le nombre d’activités publiées qui le citent, le plus cité d’abord.',
      items: {
        type: 'object',
        required: ['domaine', 'nombre_activites'],
        properties: { domaine: { type: 'string' }, nombre_activites: count },
      },
    },
    exercices: { type: 'array', description: 'Le plus récent d’abord.', items: exerciceSchema },
  },
};

/**
 * The dossier's `lobbying` block: the organisation registered in the HATVP register of interest
 * representatives under the company's SIREN. Organisation data only: no dirigeant, collaborateur, client or
 * public official is served.
 */
export const lobbyingBlockSchema: JsonSchema = {
  type: 'object',
  description:
    'Inscription de l’entreprise au répertoire des représentants d’intérêts de la HATVP (sous son SIREN) : organisation, exercices annuels (tranches de dépenses et de chiffre d’affaires telles que publiées) et activités (objet, domaines). Ni dirigeants, ni collaborateurs, ni clients, ni responsables publics. / The company’s registration in the HATVP lobbying register: organisation data only.',
  required: ['siren', 'nombre', 'organisations', 'note'],
  properties: {
    siren: SIREN_SCHEMA,
    nombre: { ...count, description: 'Organisations inscrites sous ce SIREN.' },
    organisations: { type: 'array', items: organisationSchema },
    note: { type: 'string' },
  },
};
