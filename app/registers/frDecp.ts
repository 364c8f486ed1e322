import { frDecpIngestSpec } from '../../ingest/fr-decp/frDecpCommand.ts';
import {
  FR_DECP_FRESHNESS_DAYS,
  FR_DECP_REGISTER,
  frDecpStreamOf,
} from '../../schemas/events/frDecpEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** The public contracts' essential data (DECP), served by GET /v1/entreprise/{siren}/marches-publics. */
export const frDecp: RegisterManifest = {
  stem: 'fr-decp',
  dictionary: [
    {
      code: FR_DECP_REGISTER,
      nomCourt: 'DECP',
      nomComplet: 'Données essentielles de la commande publique (fichiers consolidés)',
      producteur: 'Ministère de l’Économie et des Finances (DAJ) et data.gouv.fr',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: FR_DECP_FRESHNESS_DAYS,
      sourceUrl: 'https://www.data.gouv.fr/fr/datasets/5cd57bf68b4c4179299eb0e9/',
    },
  ],
  ingest: { 'fr-decp': frDecpIngestSpec },
  entityStreamOf: frDecpStreamOf,
  async load() {
    const [projection, demo, route] = await Promise.all([
      import('../../projections/fr-decp/decpProjection.ts'),
      import('../../ingest/fr-decp/frDecpDemo.ts'),
      import('../../api/routes/marchesPublics.ts'),
    ]);
    return {
      demo: demo.frDecpDemo,
      projections: [projection.decpProjection],
      routes: [route.marchesPublicsRoute],
    };
  },
};
