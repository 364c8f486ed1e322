import { SIGNAUX_PROSPECTION } from '../enums/signauxProspection.ts';
import type { JsonSchema } from '../jsonSchema.ts';
import { listerResponseSchema, listResultItem } from './lister.ts';

/** The lister's members this answer shares. */
const lister = listerResponseSchema.properties as Record<string, JsonSchema>;

const signalCode: JsonSchema = { type: 'string', enum: [...SIGNAUX_PROSPECTION] };

const signal: JsonSchema = {
  type: 'object',
  required: ['code', 'date', 'source'],
  properties: {
    code: signalCode,
    date: {
      type: 'string',
      format: 'date',
      description: 'La date la plus récente du signal dans la fenêtre.',
    },
    source: { type: 'string', description: 'Code du registre d’où le signal est lu (voir provenance[]).' },
  },
};

const prospect: JsonSchema = {
  ...listResultItem,
  required: [...(listResultItem.required as string[]), 'signaux'],
  properties: {
    ...(listResultItem.properties as Record<string, JsonSchema>),
    signaux: {
      type: 'array',
      items: signal,
      description: 'Tous les signaux de l’entreprise dans la fenêtre, hors ceux non calculés.',
    },
  },
};

export const prospectionResponseSchema: JsonSchema = {
  type: 'object',
  required: [
    'criteres',
    'signaux_demandes',
    'fenetre',
    'tri',
    'page',
    'page_suivante',
    'nombre_resultats',
    'resultats',
    'signaux_non_calcules',
    'listes_bornees',
    'champs',
  ],
  properties: {
    criteres: lister.criteres!,
    signaux_demandes: {
      type: 'array',
      items: signalCode,
      description: 'Le filtre `signaux` : une entreprise en porte au moins un. Vide : aucun filtre.',
    },
    fenetre: {
      type: 'object',
      required: ['recence_mois', 'depuis', 'jusqu_au'],
      properties: {
        recence_mois: { type: 'integer', minimum: 1, maximum: 60 },
        depuis: { type: 'string', format: 'date' },
        jusqu_au: { type: 'string', format: 'date' },
      },
    },
    tri: lister.tri!,
    page: lister.page!,
    page_suivante: lister.page_suivante!,
    nombre_resultats: {
      type: 'integer',
      description: 'Total exact des entreprises qui satisfont les critères et le filtre de signaux.',
    },
    resultats: { type: 'array', maxItems: 100, items: prospect },
    signaux_non_calcules: {
      type: 'array',
      description:
        'Signaux que cette réponse n’a pas lus : leur registre n’a pas de photo fraîche (motif_panne). Absents des résultats, sans que cela prouve leur absence.',
      items: {
        type: 'object',
        required: ['code', 'registre', 'motif'],
        properties: { code: signalCode, registre: { type: 'string' }, motif: { type: 'string' } },
      },
    },
    listes_bornees: lister.listes_bornees!,
    champs: lister.champs!,
  },
};
