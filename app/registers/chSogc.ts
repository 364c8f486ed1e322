import { SOGC_MAX_AGE_MS } from '../../ingest/ch-sogc/sogcPublications.ts';
import { CH_SOGC_REGISTER } from '../../schemas/events/chSogcEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { SWISS_UID_FORMAT } from './chZefix.ts';

/**
 * The Swiss Official Gazette of Commerce (SOGC / FOSC / SHAB), queried live through the Amtsblattportal's public
 * API: detail routes only (a company's publications and its insolvency publications); the Swiss profile and
 * search are Zefix's.
 */
export const chSogc: RegisterManifest = {
  stem: 'ch-sogc',
  dictionary: [
    {
      code: CH_SOGC_REGISTER,
      nomCourt: 'FOSC',
      nomComplet: 'Feuille officielle suisse du commerce (FOSC / SHAB / SOGC), Amtsblattportal',
      producteur: 'Secrétariat d’État à l’économie (SECO)',
      pays: 'CH',
      licence: 'Conditions générales de l’Amtsblattportal (usage commercial permis, source FOSC à citer)',
      licenceUrl: 'https://amtsblattportal.ch/static/agb_de.pdf',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://amtsblattportal.ch/api/v1',
    },
  ],
  ingest: {},
  europe: {
    ...SWISS_UID_FORMAT,
    live: {
      maxAgeMs: SOGC_MAX_AGE_MS,
      defaultUrl: 'https://amtsblattportal.ch/api/v1',
      sampleId: 'CHE-307.336.313',
      detailsOnly: true,
    },
  },
  async load() {
    const [live, routes] = await Promise.all([
      import('../../ingest/ch-sogc/chSogcLive.ts'),
      import('../../api/routes/chSogc.ts'),
    ]);
    return {
      europeLive: { createReader: live.createSogcLive, recordings: live.SOGC_RECORDINGS },
      routes: routes.chSogcRoutes({
        pays: 'CH',
        register: CH_SOGC_REGISTER,
        ...SWISS_UID_FORMAT,
        maxAgeMs: SOGC_MAX_AGE_MS,
      }),
    };
  },
};
