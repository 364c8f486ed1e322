import { FI_PRH_REGISTER } from '../../schemas/events/fiPrhEvents.ts';
import { isValidBusinessId } from '../../schemas/identifiers/fiBusinessId.ts';
import { FI_PRH_LICENCE, fiPrhEventsSchema } from '../../schemas/responses/fiPrh.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { LIVE_RECORD_MAX_AGE_MS, liveForADay } from './liveForADay.ts';

const ID_PATTERN = /^\d{7}-\d$/;
const ID_DESCRIPTION =
  'Y-tunnus NNNNNNN-C avec chiffre de contrôle / business ID NNNNNNN-C with its check digit';

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
      licence: FI_PRH_LICENCE,
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://avoindata.prh.fi/opendata-ytj-api/v3',
    },
  ],
  ingest: {},
  europe: {
    idPattern: ID_PATTERN,
    idCheck: isValidBusinessId,
    idLabel: 'Y-tunnus 1234567-8',
    idDescription: ID_DESCRIPTION,
    live: liveForADay('https://avoindata.prh.fi/opendata-ytj-api/v3', '0112038-9'),
  },
  async load() {
    const [live, { europeanLiveDetailRoutes }] = await Promise.all([
      import('../../ingest/fi-prh/fiPrhLive.ts'),
      import('../../api/routes/europeLiveDetail.ts'),
    ]);
    return {
      europeLive: { createReader: live.createPrhLive, recordings: live.PRH_RECORDINGS },
      routes: europeanLiveDetailRoutes(
        {
          pays: 'FI',
          register: FI_PRH_REGISTER,
          idPattern: ID_PATTERN,
          idCheck: isValidBusinessId,
          idDescription: ID_DESCRIPTION,
          maxAgeMs: LIVE_RECORD_MAX_AGE_MS,
          adjective: 'finnish',
          idParam: {
            name: 'id',
            in: 'path',
            required: true,
            description:
              'Y-tunnus finlandais NNNNNNN-C, chiffre de contrôle vérifié (personnes morales seulement). / Finnish business ID NNNNNNN-C, check digit verified.',
            schema: { type: 'string', pattern: '^\\d{7}-\\d$', examples: ['0112038-9'] },
          },
        },
        [
          {
            segment: 'evenements',
            idSuffix: 'evenements',
            tool: {
              name: 'get_finnish_company_events',
              title: 'Finnish company events',
              description:
                "A Finnish company's register events read live from PRH (YTJ): register entries (trade register, tax registers), restructuring, liquidation and bankruptcy situations, changes of legal form or name, cessation; by business ID (Y-tunnus). No person is named.",
            },
            summary:
              'Événements d’une personne morale finlandaise lus en direct chez PRH (inscriptions aux registres, restructuration, liquidation, faillite, changements de forme ou de nom, cessation).',
            description:
              'Lu dans la même réponse YTJ v3 que le profil (une seule lecture sert les deux). Les avis du registre du commerce ne sont pas lus ; YTJ ne garde que la forme et le nom actuels et précédents. Entrepreneur individuel ou forme qui ne décide pas : 404 comme le profil. / Read from the same YTJ v3 answer as the profile. Trade register notices are not read.',
            price: 20_000,
            responseSchema: fiPrhEventsSchema,
          },
        ],
      ),
    };
  },
};
