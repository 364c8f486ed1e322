import { SK_RPO_REGISTER } from '../../schemas/events/skRpoEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ICO_IDENTIFIER } from './icoIdentifier.ts';
import { liveForADay } from './liveForADay.ts';

/** Slovakia's register of legal persons (RPO), queried live: the unified profile and the search. */
export const skRpo: RegisterManifest = {
  stem: 'sk-rpo',
  dictionary: [
    {
      code: SK_RPO_REGISTER,
      nomCourt: 'RPO',
      nomComplet: 'Register právnických osôb, podnikateľov a orgánov verejnej moci (Štatistický úrad SR)',
      producteur: 'Štatistický úrad Slovenskej republiky',
      pays: 'SK',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://api.statistics.sk/rpo/v1',
    },
  ],
  ingest: {},
  europe: {
    ...ICO_IDENTIFIER,
    live: liveForADay('https://api.statistics.sk/rpo/v1', '31333532'),
  },
  async load() {
    const live = await import('../../ingest/sk-rpo/skRpoLive.ts');
    return { europeLive: { createReader: live.createRpoLive, recordings: live.RPO_RECORDINGS } };
  },
};
