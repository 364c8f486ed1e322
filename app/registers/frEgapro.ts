import { frEgaproIngestSpec } from '../../ingest/fr-egapro/frEgaproCommand.ts';
import { FR_EGAPRO_FRESHNESS_DAYS, FR_EGAPRO_REGISTER } from '../../schemas/events/frEgaproEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** The gender-equality index (Egapro), served as `index_egapro` on the French company profile. */
export const frEgapro: RegisterManifest = {
  stem: 'fr-egapro',
  dictionary: [
    {
      code: FR_EGAPRO_REGISTER,
      nomCourt: 'Egapro',
      nomComplet: 'Index de l’égalité professionnelle entre les femmes et les hommes (Egapro)',
      producteur: 'Ministère du Travail',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_EGAPRO_FRESHNESS_DAYS,
      sourceUrl: 'https://www.data.gouv.fr/fr/datasets/61a73dcfe3171089843587bf/',
    },
  ],
  ingest: { 'fr-egapro': frEgaproIngestSpec },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-egapro/egaproProjection.ts'),
      import('../../ingest/fr-egapro/frEgaproDemo.ts'),
    ]);
    // Served by the French profile (api/routes/entreprise/readIndexEgapro.ts): no route of its own.
    return { demo: demo.frEgaproDemo, projections: [projection.egaproProjection] };
  },
};
