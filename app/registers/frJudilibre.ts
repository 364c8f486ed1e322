import { FR_JUDILIBRE_REGISTER } from '../../schemas/events/frJudilibreEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Judilibre, the Cour de cassation's open data of court decisions, queried live through PISTE (contentieux). */
export const frJudilibre: RegisterManifest = {
  stem: 'fr-judilibre',
  dictionary: [
    {
      code: FR_JUDILIBRE_REGISTER,
      nomCourt: 'Judilibre',
      nomComplet: 'Judilibre, décisions de justice de l’ordre judiciaire (Cour de cassation)',
      producteur: 'Cour de cassation',
      pays: 'FR',
      licence:
        'Licence Ouverte 2.0, et conditions générales d’utilisation pour la réutilisation des décisions de justice diffusées en open data par la Cour de cassation',
      licenceUrl: 'https://www.courdecassation.fr/acces-rapide-judilibre/open-data-et-api',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://api.piste.gouv.fr/cassation/judilibre/v1.0',
    },
  ],
  ingest: {},
  frenchLive: {
    defaultUrl: 'https://api.piste.gouv.fr/cassation/judilibre/v1.0',
    sampleId: '005420120',
    credentials: {
      description:
        'identifiant et secret d’une application PISTE abonnée à l’API Judilibre (client_id:client_secret) / client id and secret of a PISTE application subscribed to the Judilibre API',
    },
  },
  async load() {
    const live = await import('../../ingest/fr-judilibre/frJudilibreLive.ts');
    const route = await import('../../api/routes/contentieux.ts');
    return {
      frenchLive: { createReader: live.createJudilibreLive, recordings: live.JUDILIBRE_RECORDINGS },
      routes: [route.contentieuxRoute],
    };
  },
};
