import type { JsonSchema } from '../jsonSchema.ts';
import { boundedListsSchema } from './boundedLists.ts';

const s = { type: ['string', 'null'] };
const d = { type: ['string', 'null'], format: 'date' };

export const associationSchema: JsonSchema = {
  type: 'object',
  required: ['rna', 'siren', 'titre', 'position', 'siege', 'fichier_rna'],
  properties: {
    rna: { type: 'string', pattern: '^W[0-9A-Z]{9}$' },
    siren: { ...s, description: 'SIREN tiré du SIRET que donne le RNA (clé de Luhn vérifiée) ; null sinon.' },
    siret: s,
    id_ex: { ...s, description: 'Ancien numéro de préfecture.' },
    titre: s,
    titre_court: s,
    objet: s,
    objet_social: {
      type: 'array',
      items: { type: 'string' },
      description: 'Codes de la nomenclature des objets sociaux.',
    },
    nature: { ...s, description: '`D` déclarée (valeur publiée).' },
    groupement: { ...s, description: '`S` simple, `U` union, `F` fédération (valeur publiée).' },
    position: { ...s, description: '`A` active, `D` dissoute, `S` supprimée (valeur publiée).' },
    gestion: { ...s, description: 'Préfecture gestionnaire.' },
    date_creation: d,
    date_declaration: d,
    date_publication: d,
    date_dissolution: d,
    siege: {
      type: 'object',
      properties: { adresse: s, code_postal: s, commune: s, code_insee: s },
    },
    site_web: s,
    mis_a_jour_le: { type: ['string', 'null'], format: 'date-time' },
    fichier_rna: { enum: ['waldec', 'import'] },
  },
};

const themeSchema: JsonSchema = {
  type: 'object',
  required: ['code', 'libelle'],
  properties: { code: { type: 'string' }, libelle: s },
};

export const associationAnnoncesSchema: JsonSchema = {
  type: 'object',
  required: ['rna', 'association', 'nombre', 'tronque', 'annonces', 'couverture'],
  properties: {
    rna: { type: 'string', pattern: '^W[0-9A-Z]{9}$' },
    association: {
      type: ['object', 'null'],
      properties: { titre: s, position: s },
      description: 'Titre et position selon le RNA ; null quand le RNA tenu ne connaît pas ce numéro.',
    },
    nombre: { type: 'integer', minimum: 0 },
    nombre_total: { type: 'integer', minimum: 0 },
    tronque: { type: 'boolean' },
    annonces: {
      type: 'array',
      description: 'Annonces du JOAFE, la plus récente d’abord. Sans SIREN ni nom de personne.',
      items: {
        type: 'object',
        required: ['identifiant', 'parution', 'date_parution', 'numero_annonce', 'type'],
        properties: {
          identifiant: { type: 'string' },
          parution: s,
          date_parution: d,
          numero_annonce: { type: ['integer', 'null'] },
          type: { type: 'object', properties: { code: s, libelle: s } },
          forme: s,
          departement: s,
          date_declaration: d,
          lieu_declaration: s,
          titre: s,
          ancien_titre: s,
          nouveau_titre: s,
          objet: s,
          nouvel_objet: s,
          siege: {
            type: ['object', 'null'],
            properties: { adresse: s, code_postal: s, commune: s },
          },
          site_web: s,
          themes: { type: 'array', items: themeSchema },
          fichier_pdf: {
            ...s,
            description: 'Nom du fichier PDF ; null : non publié dans les données tenues.',
          },
        },
      },
    },
    couverture: {
      type: 'object',
      required: ['depuis', 'jusqu_a', 'parutions', 'note'],
      properties: {
        depuis: d,
        jusqu_a: d,
        parutions: { type: 'integer', minimum: 0 },
        note: { type: 'string' },
      },
    },
    listes_bornees: boundedListsSchema(['annonces']),
  },
};
