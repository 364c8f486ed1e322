import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import { isValidIco } from '../../schemas/identifiers/ico.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ICO_IDENTIFIER } from './icoIdentifier.ts';

const MAX_AGE_MS = 24 * 3600_000;

/** Slovakia's register of financial statements (RÚZ), queried live: the accounts routes only. */
export const skRuz: RegisterManifest = {
  stem: 'sk-ruz',
  dictionary: [
    {
      code: SK_RUZ_REGISTER,
      nomCourt: 'RÚZ',
      nomComplet: 'Register účtovných závierok (Ministerstvo financií SR)',
      producteur: 'Ministerstvo financií Slovenskej republiky',
      pays: 'SK',
      licence: 'Données publiques (RÚZ Open API)',
      licenceUrl: 'https://www.registeruz.sk/cruz-public/home/api',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: 30,
      sourceUrl: 'https://www.registeruz.sk/cruz-public/api',
    },
  ],
  ingest: {},
  europe: {
    ...ICO_IDENTIFIER,
    live: {
      maxAgeMs: MAX_AGE_MS,
      defaultUrl: 'https://www.registeruz.sk/cruz-public/api',
      sampleId: '52772128',
      detailsOnly: true,
    },
  },
  async load() {
    const live = await import('../../ingest/sk-ruz/ruzLive.ts');
    const routes = await import('../../api/routes/skRuz.ts');
    return {
      europeLive: { createReader: live.createRuzLive, recordings: live.RUZ_RECORDINGS },
      routes: routes.skRuzRoutes(MAX_AGE_MS, isValidIco),
    };
  },
};
