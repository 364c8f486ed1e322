import { CH_ZEFIX_REGISTER } from '../../schemas/events/chZefixEvents.ts';
import { dottedSwissUid, isValidSwissUid, SWISS_UID_PATTERN } from '../../schemas/identifiers/swissUid.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { liveForADay } from './liveForADay.ts';

/** The Swiss UID as both Swiss registers take it (Zefix for the profile, the gazette for its details). */
export const SWISS_UID_FORMAT = {
  idPattern: SWISS_UID_PATTERN,
  idCheck: isValidSwissUid,
  canonicalId: dottedSwissUid,
  idLabel: 'UID CHE-123.456.789',
  idDescription:
    'UID CHE-123.456.789 (points et tirets facultatifs) avec chiffre de contrôle / UID CHE-123.456.789 (dots and hyphens optional) with its check digit',
} as const;

/** Switzerland's central business name index (Zefix PublicREST), queried live with credentials. */
export const chZefix: RegisterManifest = {
  stem: 'ch-zefix',
  dictionary: [
    {
      code: CH_ZEFIX_REGISTER,
      nomCourt: 'Zefix',
      nomComplet: 'Zefix, index central des raisons de commerce (Office fédéral de la justice, OFRC)',
      producteur: 'Office fédéral du registre du commerce (OFRC / EHRA), Office fédéral de la justice',
      pays: 'CH',
      licence: 'OGD Open use. Must provide the source.',
      licenceUrl: 'https://opendata.swiss/en/terms-of-use#terms_by',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://www.zefix.admin.ch/ZefixPublicREST',
    },
  ],
  ingest: {},
  europe: {
    ...SWISS_UID_FORMAT,
    live: {
      ...liveForADay('https://www.zefix.admin.ch/ZefixPublicREST/api/v1', 'CHE-238.945.329'),
      credentials: {
        description:
          'identifiants HTTP Basic de Zefix PublicREST, « utilisateur:mot de passe », délivrés sur demande par l’OFRC (zefix@bj.admin.ch) / Zefix PublicREST HTTP Basic credentials, user:password',
      },
    },
  },
  async load() {
    const live = await import('../../ingest/ch-zefix/chZefixLive.ts');
    return { europeLive: { createReader: live.createZefixLive, recordings: live.ZEFIX_RECORDINGS } };
  },
};
