import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ICO_IDENTIFIER } from './icoIdentifier.ts';
import { liveForADay } from './liveForADay.ts';

/** Czechia's ARES (Administrativní registr ekonomických subjektů), queried live. */
export const czAres: RegisterManifest = {
  stem: 'cz-ares',
  dictionary: [
    {
      code: CZ_ARES_REGISTER,
      nomCourt: 'ARES',
      nomComplet: 'Administrativní registr ekonomických subjektů (Ministerstvo financí)',
      producteur: 'Ministerstvo financí ČR',
      pays: 'CZ',
      licence: 'Données publiques (conditions d’utilisation ARES)',
      licenceUrl: 'https://ares.gov.cz/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://ares.gov.cz/ekonomicke-subjekty-v-be/rest',
    },
  ],
  ingest: {},
  europe: {
    ...ICO_IDENTIFIER,
    live: liveForADay('https://ares.gov.cz/ekonomicke-subjekty-v-be/rest', '26168685'),
  },
  async load() {
    const live = await import('../../ingest/cz-ares/czAresLive.ts');
    return { europeLive: { createReader: live.createAresLive, recordings: live.ARES_RECORDINGS } };
  },
};
