import { euCordisIngestSpec } from '../../ingest/eu-cordis/euCordisCommand.ts';
import {
  EU_CORDIS_FRESHNESS_DAYS,
  EU_CORDIS_REGISTER,
  euCordisStreamOf,
} from '../../schemas/events/euCordisEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * CORDIS, the EU framework programmes' grants and participants (Horizon 2020, Horizon Europe), served by
 * GET /v1/entreprise/{siren}/financements-ue. `pays` is `EU`, the ISO 3166 code reserved for the European
 * Union. Licence: the CORDIS legal notice authorises reuse under CC BY 4.0 (Commission Decision 2011/833/EU).
 */
export const euCordis: RegisterManifest = {
  stem: 'eu-cordis',
  dictionary: [
    {
      code: EU_CORDIS_REGISTER,
      nomCourt: 'CORDIS',
      nomComplet: 'CORDIS, projets de recherche financés par l’UE (Horizon 2020, Horizon Europe)',
      producteur: 'Office des publications de l’Union européenne / Commission européenne',
      pays: 'EU',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: EU_CORDIS_FRESHNESS_DAYS,
      sourceUrl:
        'https://data.europa.eu/data/datasets/cordis-eu-research-projects-under-horizon-europe-2021-2027',
    },
  ],
  ingest: { 'eu-cordis': euCordisIngestSpec },
  entityStreamOf: euCordisStreamOf,
  async load() {
    const [projection, route, demo] = await Promise.all([
      import('../../projections/eu-cordis/euCordisProjection.ts'),
      import('../../api/routes/financementsUe.ts'),
      import('../../ingest/eu-cordis/euCordisDemo.ts'),
    ]);
    return {
      demo: demo.euCordisDemo,
      projections: [projection.euCordisProjection],
      routes: [route.financementsUeRoute],
    };
  },
};
