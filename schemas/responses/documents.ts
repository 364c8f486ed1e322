import type { JsonSchema } from '../jsonSchema.ts';
import { SIREN_SCHEMA } from '../params/siren.ts';

const DATE: JsonSchema = { type: ['string', 'null'], format: 'date' };

const filing = (type: 'actes' | 'bilans', extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'libelle', 'date_depot', 'nom_document', ...Object.keys(extra)],
  properties: {
    id: {
      type: 'string',
      description:
        'Identifiant du dépôt au RNE : le `{id}` de /v1/documents/{type}/{id}. / The filing’s RNE id, for the download route.',
    },
    type: {
      const: type,
      description: 'Le `{type}` de la route de téléchargement. / The download route’s `{type}`.',
    },
    libelle: {
      type: ['string', 'null'],
      description:
        'Nature du dépôt telle que le RNE la nomme ; null si non publiée. / The filing’s nature as the RNE names it; null when not published.',
    },
    date_depot: DATE,
    nom_document: { type: ['string', 'null'], description: 'Nom du document au RNE (`nomDocument`).' },
    ...extra,
  },
});

/** GET /v1/entreprise/{siren}/documents: the French filings list (contract: "French filings list"). */
export const documentsListSchema: JsonSchema = {
  type: 'object',
  required: [
    'siren',
    'denomination',
    'actes',
    'bilans',
    'bilans_confidentiels',
    'total',
    'consulte_le',
    'telechargement',
  ],
  properties: {
    siren: SIREN_SCHEMA,
    denomination: {
      type: ['string', 'null'],
      description:
        'Dénomination Sirene ; null quand la copie Sirene du service ne tient pas ce SIREN (aucun nom n’est alors pris des dépôts). / Sirene name; null when the service’s Sirene copy lacks this SIREN.',
    },
    actes: { type: 'array', items: filing('actes'), description: 'Actes publics. / Public acts.' },
    bilans: {
      type: 'array',
      items: filing('bilans', { date_cloture: DATE }),
      description: 'Comptes annuels publics. / Public annual accounts.',
    },
    bilans_confidentiels: {
      type: 'integer',
      minimum: 0,
      description:
        'Comptes que le RNE liste comme confidentiels : comptés, jamais listés ni téléchargeables. / Accounts the RNE lists as confidential: counted, never listed nor downloadable.',
    },
    total: { type: 'integer', minimum: 0, description: 'actes + bilans listés. / Listed acts and accounts.' },
    consulte_le: {
      type: 'string',
      format: 'date-time',
      description: 'Lecture du RNE (resservie 24 h). / When the RNE was read (served again for 24 h).',
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
};

/** GET /v1/documents/{type}/{id}: the PDF itself. */
export const documentPdfSchema: JsonSchema = {
  type: 'string',
  contentMediaType: 'application/pdf',
  description:
    'Le PDF tel que le RNE l’a envoyé, octet pour octet ; provenance dans les en-têtes `X-Registre-*`. / The PDF byte for byte as the RNE sent it; provenance in the `X-Registre-*` headers.',
};
