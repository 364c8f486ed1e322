import { PL_KRS_REGISTER } from '../../schemas/events/plKrsEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { liveForADay } from './liveForADay.ts';

/** Poland's National Court Register (KRS open API), queried live. */
export const plKrs: RegisterManifest = {
  stem: 'pl-krs',
  dictionary: [
    {
      code: PL_KRS_REGISTER,
      nomCourt: 'KRS',
      nomComplet: 'Krajowy Rejestr Sądowy (Ministerstwo Sprawiedliwości)',
      producteur: 'Ministerstwo Sprawiedliwości',
      pays: 'PL',
      licence: 'Données publiques (Otwarte API KRS)',
      licenceUrl: 'https://api-krs.ms.gov.pl/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://api-krs.ms.gov.pl/api/krs',
    },
  ],
  ingest: {},
  europe: {
    idPattern: /^\d{10}$/,
    idLabel: 'KRS 10 chiffres',
    idDescription: 'numéro KRS de 10 chiffres (zéros en tête) / 10-digit KRS number, zero-padded',
    live: liveForADay('https://api-krs.ms.gov.pl/api/krs', '0000405063'),
  },
  async load() {
    const live = await import('../../ingest/pl-krs/plKrsLive.ts');
    return { europeLive: { createReader: live.createKrsLive, recordings: live.KRS_RECORDINGS } };
  },
};
