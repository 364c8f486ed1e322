import { frQualiopiIngestSpec } from '../../ingest/fr-qualiopi/frQualiopiCommand.ts';
import {
  FR_QUALIOPI_FRESHNESS_DAYS,
  FR_QUALIOPI_REGISTER,
  frQualiopiStreamOf,
} from '../../schemas/events/frQualiopiEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/**
 * The DGEFP's public list of training organisations (about 165,000 declarations, about 45,000 of them
 * Qualiopi-certified; one CSV of about 30 MB on data.gouv.fr, updated daily), served in the dossier's
 * `agrements` block beside RGE.
 */
export const frQualiopi: RegisterManifest = {
  stem: 'fr-qualiopi',
  dictionary: [
    {
      code: FR_QUALIOPI_REGISTER,
      nomCourt: 'Qualiopi',
      nomComplet:
        'Liste publique des organismes de formation (L.6351-7-1 du Code du travail), certifications Qualiopi',
      producteur: 'Ministère du Travail (DGEFP)',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_QUALIOPI_FRESHNESS_DAYS,
      sourceUrl:
        'https://www.data.gouv.fr/fr/datasets/liste-publique-des-organismes-de-formation-l-6351-7-1-du-code-du-travail/',
    },
  ],
  ingest: { 'fr-qualiopi': frQualiopiIngestSpec },
  entityStreamOf: frQualiopiStreamOf,
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-qualiopi/qualiopiProjection.ts'),
      import('../../ingest/fr-qualiopi/frQualiopiDemo.ts'),
    ]);
    // Served by the dossier (api/routes/dossier/agrementsBlock.ts): no route of its own.
    return { demo: demo.frQualiopiDemo, projections: [projection.qualiopiProjection] };
  },
};
