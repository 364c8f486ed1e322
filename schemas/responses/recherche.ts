import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';
import { boundedListsSchema } from './boundedLists.ts';

const nullableString = (description: string): JsonSchema => ({ type: ['string', 'null'], description });

export const rechercheResultSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'statut_diffusion',
    'etat_administratif',
    'activite_principale',
    'commune_siege',
    'code_postal_siege',
    'score_confiance',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: nullableString('Dénomination (null : non publiée).'),
    statut_diffusion: {
      type: 'string',
      enum: ['diffusible'],
      description:
        'Seules les unités diffusibles (statut O) sont cherchables. / Only diffusible units are searchable.',
    },
    etat_administratif: {
      type: ['string', 'null'],
      enum: ['actif', 'cesse', null],
      description: 'actif (A) ou cesse (C) ; null : non publié.',
    },
    activite_principale: nullableString('Code d’activité (APE/NAF) de l’unité légale.'),
    commune_siege: nullableString('Commune du siège (null : non publiée ou siège inconnu).'),
    code_postal_siege: nullableString('Code postal du siège.'),
    score_confiance: { type: 'number', minimum: 0, maximum: 1 },
  },
};

/** Body of GET /v1/recherche (after the envelope members). */
export const rechercheSchema: JsonSchema = {
  type: 'object',
  required: [
    'total_results',
    'tronque',
    'aucune_correspondance_fiable',
    'resultats_partiels',
    'etages_abandonnes',
    'repli_temps_reel',
    'listes_bornees',
    'resultats',
  ],
  properties: {
    listes_bornees: boundedListsSchema(['resultats'], {
      required: true,
      description:
        'La liste servie est bornée à 10 : son total, et s’il n’est qu’une borne basse. / The list is bounded at 10: its total, and whether it is only a lower bound.',
    }),
    total_results: {
      type: 'integer',
      minimum: 0,
      description:
        'Toutes les correspondances, pas seulement les 10 servies. / Every match, not only the 10 served.',
    },
    tronque: { type: 'boolean', description: 'Plus de correspondances que de résultats servis.' },
    note_troncature: {
      type: 'string',
      description:
        'Présente quand total_results est une borne basse. / Present when the total is a lower bound.',
    },
    aucune_correspondance_fiable: {
      type: 'boolean',
      description:
        'Meilleur score_confiance sous 0,5 (ou aucun résultat). / Best confidence under 0.5 (or no result).',
    },
    note_correspondance: {
      type: 'string',
      description: 'Bilingue ; présente avec aucune_correspondance_fiable.',
    },
    resultats_partiels: {
      type: 'boolean',
      description:
        'Un étage de l’index a été abandonné et le repli en temps réel a échoué. / An index stage was abandoned and the real-time fallback failed.',
    },
    repli_temps_reel: {
      type: 'boolean',
      description:
        'Un étage abandonné a été couvert par l’API Sirene de l’INSEE interrogée en temps réel (citée dans provenance, registre fr.sirene.api) ; total_results est alors une borne basse. / An abandoned stage was covered by INSEE’s API Sirene queried live.',
    },
    etages_abandonnes: {
      type: 'array',
      items: { type: 'string', enum: ['identifiant', 'nom_exact', 'nom_approchant'] },
      description:
        'Toujours présent ; vide quand la recherche est complète. / Always present; empty when complete.',
    },
    resultats: { type: 'array', maxItems: 10, items: rechercheResultSchema },
  },
};
