import { DK_CVR_REGISTER } from '../../schemas/events/dkCvrEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { liveForADay } from './liveForADay.ts';

/** Denmark's Central Business Register (CVR, Erhvervsstyrelsen), queried live through its Elasticsearch access. */
export const dkCvr: RegisterManifest = {
  stem: 'dk-cvr',
  dictionary: [
    {
      code: DK_CVR_REGISTER,
      nomCourt: 'CVR',
      nomComplet: 'Det Centrale Virksomhedsregister (Erhvervsstyrelsen)',
      producteur: 'Erhvervsstyrelsen',
      pays: 'DK',
      licence: 'Données publiques (vilkår og betingelser CVR, Erhvervsstyrelsen)',
      licenceUrl: 'https://datacvr.virk.dk/artikel/vilkaar-og-betingelser',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'http://distribution.virk.dk/cvr-permanent/virksomhed/_search',
    },
  ],
  ingest: {},
  europe: {
    // The mod-11 check some clients apply is not verified for every number CVR issues: 8 digits only.
    idPattern: /^\d{8}$/,
    idLabel: 'CVR 8 chiffres',
    idDescription: 'numéro CVR de 8 chiffres / 8-digit CVR number',
    live: {
      // Erhvervsstyrelsen's system-to-system access is plain HTTP.
      ...liveForADay('http://distribution.virk.dk', '11617034'),
      credentials: {
        description:
          'identifiant et mot de passe de l’accès « system-til-system » délivrés par Erhvervsstyrelsen (user:password) / system-to-system user name and password issued by the Danish Business Authority',
      },
    },
  },
  async load() {
    const live = await import('../../ingest/dk-cvr/dkCvrLive.ts');
    return { europeLive: { createReader: live.createCvrLive, recordings: live.CVR_RECORDINGS } };
  },
};
