import type { JsonSchema } from '../jsonSchema.ts';

const count: JsonSchema = { type: 'integer', minimum: 0 };
const nullableString: JsonSchema = { type: ['string', 'null'] };

/** Marks listed at most in `marques.liste` (the newest filings first); `nombre` counts them all. */
export const PI_MARQUES_LISTE_MAX = 100;

const marqueSchema: JsonSchema = {
  type: 'object',
  required: ['numero', 'libelle', 'statut'],
  properties: {
    numero: {
      type: 'string',
      description: 'Numéro national de la marque (ApplicationNumber), tel que publié.',
    },
    libelle: {
      ...nullableString,
      description:
        'Les mots de la marque (MarkVerbalElementText) ; null pour une marque sans élément verbal.',
    },
    statut: {
      ...nullableString,
      description:
        'Statut tel que l’INPI le publie (MarkCurrentStatusCode : « Marque enregistrée », « Marque expirée », « Demande publiée »…), non recodé.',
    },
  },
};

/**
 * The dossier's `pi` block (the contract's shape): the company's French trademarks and patents in INPI's
 * open data, matched by the SIREN INPI publishes for a holder; designs are not read (count null).
 */
export const piBlockSchema: JsonSchema = {
  type: 'object',
  description:
    'Propriété industrielle de l’entreprise dans les données ouvertes de l’INPI : marques françaises et brevets français dont elle est titulaire (titulaire actuel publié par l’INPI, à défaut déposant), rapprochés par le SIREN que l’INPI publie pour le titulaire ; un titre sans SIREN n’est jamais attribué (ni par le nom). Les dessins et modèles ne sont pas lus : `modeles.nombre` est null (non publié ici). Aucun inventeur, mandataire ni déposant personne physique n’est servi. / French trademarks and patents the company holds, matched by the SIREN INPI publishes; designs not read (null).',
  required: ['marques', 'brevets', 'modeles'],
  properties: {
    marques: {
      type: 'object',
      required: ['nombre', 'liste', 'tronque'],
      properties: {
        nombre: { ...count, description: 'Marques dont l’entreprise est titulaire, tous statuts.' },
        liste: {
          type: 'array',
          maxItems: PI_MARQUES_LISTE_MAX,
          description: `Les ${PI_MARQUES_LISTE_MAX} dernières déposées au plus (date de dépôt, puis numéro, décroissants).`,
          items: marqueSchema,
        },
        tronque: { type: 'boolean', description: 'La liste ne montre pas toutes les marques comptées.' },
      },
    },
    brevets: {
      type: 'object',
      required: ['nombre'],
      properties: {
        nombre: {
          ...count,
          description:
            'Demandes de brevet français dont l’entreprise est titulaire (une par demande, publications A et B confondues).',
        },
      },
    },
    modeles: {
      type: 'object',
      required: ['nombre'],
      properties: {
        nombre: {
          type: 'null',
          description:
            'Dessins et modèles : non lus (aucun enregistrement réel du format de l’INPI trouvé) ; null = non publié ici.',
        },
      },
    },
  },
};
