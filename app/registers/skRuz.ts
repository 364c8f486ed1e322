import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import { isValidIco } from '../../schemas/identifiers/ico.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ICO_IDENTIFIER } from './icoIdentifier.ts';
import { LIVE_RECORD_MAX_AGE_MS, liveForADay } from './liveForADay.ts';

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
      ...liveForADay('https://www.registeruz.sk/cruz-public/api', '52772128'),
      detailsOnly: true,
    },
  },
  async load() {
    const live = await import('../../ingest/sk-ruz/skRuzLive.ts');
    const routes = await import('../../api/routes/skRuz.ts');
    return {
      europeLive: { createReader: live.createRuzLive, recordings: live.RUZ_RECORDINGS },
      routes: routes.skRuzRoutes(LIVE_RECORD_MAX_AGE_MS, isValidIco),
    };
  },
};
