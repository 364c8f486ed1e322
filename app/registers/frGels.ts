import { frGelsIngestSpec } from '../../ingest/fr-gels/frGelsCommand.ts';
import { FR_GELS_FRESHNESS_DAYS, FR_GELS_REGISTER } from '../../schemas/events/frGelsEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/**
 * The Registre national des gels (Direction générale du Trésor), legal persons only: read by the KYB
 * screening (api/routes/kyb/sanctionsScreening.ts), no route of its own.
 */
export const frGels: RegisterManifest = {
  stem: 'fr-gels',
  dictionary: [
    {
      code: FR_GELS_REGISTER,
      nomCourt: 'Registre des gels',
      nomComplet: 'Registre national des gels des avoirs',
      producteur: 'Direction générale du Trésor',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_GELS_FRESHNESS_DAYS,
      sourceUrl: 'https://gels-avoirs.dgtresor.gouv.fr/',
    },
  ],
  ingest: { 'fr-gels': frGelsIngestSpec },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-gels/frGelsProjection.ts'),
      import('../../ingest/fr-gels/frGelsDemo.ts'),
    ]);
    return { demo: demo.frGelsDemo, projections: [projection.frGelsProjection] };
  },
};
