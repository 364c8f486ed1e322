import { frSiretIdccIngestSpec } from '../../ingest/fr-siret-idcc/frSiretIdccCommand.ts';
import {
  FR_SIRET_IDCC_FRESHNESS_DAYS,
  FR_SIRET_IDCC_REGISTER,
} from '../../schemas/events/frSiretIdccEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** Collective agreements by establishment (SIRET-IDCC), served as `conventions_collectives` on the profile. */
export const frSiretIdcc: RegisterManifest = {
  stem: 'fr-siret-idcc',
  dictionary: [
    {
      code: FR_SIRET_IDCC_REGISTER,
      nomCourt: 'SIRET-IDCC',
      nomComplet: 'Liste des conventions collectives par entreprise (SIRET), issue de la DSN',
      producteur: 'Ministère du Travail (DARES, DGT)',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_SIRET_IDCC_FRESHNESS_DAYS,
      sourceUrl:
        'https://www.data.gouv.fr/fr/datasets/liste-des-conventions-collectives-par-entreprise-siret/',
    },
  ],
  ingest: { 'fr-siret-idcc': frSiretIdccIngestSpec },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-siret-idcc/siretIdccProjection.ts'),
      import('../../ingest/fr-siret-idcc/frSiretIdccDemo.ts'),
    ]);
    // Served by the French profile (api/routes/entreprise/readConventionsCollectives.ts): no route of its own.
    return { demo: demo.frSiretIdccDemo, projections: [projection.siretIdccProjection] };
  },
};
