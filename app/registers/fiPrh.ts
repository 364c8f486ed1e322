import { isValidBusinessId } from '../../ingest/fi-prh/prhCompanyForms.ts';
import { FI_PRH_REGISTER } from '../../schemas/events/fiPrhEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Finland's trade register (PRH, YTJ open data API v3), queried live. */
export const fiPrh: RegisterManifest = {
  stem: 'fi-prh',
  dictionary: [
    {
      code: FI_PRH_REGISTER,
      nomCourt: 'PRH',
      nomComplet: 'Kaupparekisteri / YTJ (Patentti- ja rekisterihallitus)',
      producteur: 'Patentti- ja rekisterihallitus (PRH)',
      pays: 'FI',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://avoindata.prh.fi/opendata-ytj-api/v3',
    },
  ],
  ingest: {},
  europe: {
    idPattern: /^\d{7}-\d$/,
    idCheck: isValidBusinessId,
    idLabel: 'Y-tunnus 1234567-8',
    idDescription: 'Y-tunnus NNNNNNN-C avec chiffre de contrôle / business ID NNNNNNN-C with its check digit',
    live: { maxAgeMs: 24 * 3600_000, defaultUrl: 'https://avoindata.prh.fi/opendata-ytj-api/v3' },
  },
  async load() {
    const live = await import('../../ingest/fi-prh/prhLive.ts');
    return { europeLive: { createReader: live.createPrhLive, recordings: live.PRH_RECORDINGS } };
  },
};
