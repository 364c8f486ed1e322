import { frRgeIngestSpec } from '../../ingest/fr-rge/frRgeCommand.ts';
import { FR_RGE_FRESHNESS_DAYS, FR_RGE_REGISTER, frRgeStreamOf } from '../../schemas/events/frRgeEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** ADEME's list of RGE companies (about 63,000 SIRET), served as the dossier's `agrements` block. */
export const frRge: RegisterManifest = {
  stem: 'fr-rge',
  dictionary: [
    {
      code: FR_RGE_REGISTER,
      nomCourt: 'RGE',
      nomComplet: 'Liste des entreprises RGE (Reconnu garant de l’environnement)',
      producteur: 'ADEME',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_RGE_FRESHNESS_DAYS,
      sourceUrl: 'https://data.ademe.fr/datasets/liste-des-entreprises-rge-2',
    },
  ],
  ingest: { 'fr-rge': frRgeIngestSpec },
  entityStreamOf: frRgeStreamOf,
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-rge/rgeProjection.ts'),
      import('../../ingest/fr-rge/frRgeDemo.ts'),
    ]);
    // Served by the dossier (api/routes/dossier/agrementsBlock.ts): no route of its own.
    return { demo: demo.frRgeDemo, projections: [projection.rgeProjection] };
  },
};
