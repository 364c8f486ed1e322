import { frHatvpIngestSpec } from '../../ingest/fr-hatvp/frHatvpCommand.ts';
import {
  FR_HATVP_FRESHNESS_DAYS,
  FR_HATVP_REGISTER,
  frHatvpStreamOf,
} from '../../schemas/events/frHatvpEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/**
 * The HATVP register of interest representatives (répertoire AGORA, a few thousand organisations), served as
 * the dossier's `lobbying` block for organisations registered under a SIREN.
 */
export const frHatvp: RegisterManifest = {
  stem: 'fr-hatvp',
  dictionary: [
    {
      code: FR_HATVP_REGISTER,
      nomCourt: 'HATVP lobbying',
      nomComplet: 'Répertoire des représentants d’intérêts (HATVP, AGORA)',
      producteur: 'Haute Autorité pour la transparence de la vie publique (HATVP)',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_HATVP_FRESHNESS_DAYS,
      sourceUrl: 'https://www.hatvp.fr/agora/opendata/agora_repertoire_opendata.json',
    },
  ],
  ingest: { 'fr-hatvp': frHatvpIngestSpec },
  entityStreamOf: frHatvpStreamOf,
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/fr-hatvp/hatvpProjection.ts'),
      import('../../ingest/fr-hatvp/frHatvpDemo.ts'),
    ]);
    // Served by the dossier (api/routes/dossier/lobbyingBlock.ts): no route of its own.
    return { demo: demo.frHatvpDemo, projections: [projection.hatvpProjection] };
  },
};
