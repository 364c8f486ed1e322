import { noBrregIngestSpec } from '../../ingest/no-brreg/noBrregCommand.ts';
import { noBrregUpdatesIngestSpec } from '../../ingest/no-brreg/noBrregUpdatesCommand.ts';
import { noRegnskapIngestSpec } from '../../ingest/no-brreg/noRegnskapCommand.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import { NO_REGNSKAP_REGISTER } from '../../schemas/events/noRegnskapEvents.ts';
import { isValidNoOrgnr } from '../../schemas/identifiers/noOrgnr.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * Norway’s Central Coordinating Register for Legal Entities (Enhetsregisteret), and beside it the accounts
 * register (Regnskapsregisteret), recorded from its open API, for the accounts route (the first entry is the
 * country's register: its profile and search).
 */
export const noBrreg: RegisterManifest = {
  stem: 'no-brreg',
  dictionary: [
    {
      code: NO_BRREG_REGISTER,
      nomCourt: 'Brønnøysund',
      nomComplet: 'Enhetsregisteret (Brønnøysundregistrene)',
      producteur: 'Brønnøysundregistrene',
      pays: 'NO',
      licence: 'Norsk lisens for offentlige data (NLOD) 2.0',
      licenceUrl: 'https://data.norge.no/nlod/no/2.0',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: null,
      sourceUrl: 'https://data.brreg.no/enhetsregisteret/api/enheter/lastned/csv',
    },
    {
      code: NO_REGNSKAP_REGISTER,
      nomCourt: 'Regnskapsregisteret',
      nomComplet: 'Regnskapsregisteret (Brønnøysundregistrene), API ouverte des comptes annuels',
      producteur: 'Brønnøysundregistrene',
      pays: 'NO',
      licence: 'Norsk lisens for offentlige data (NLOD) 2.0',
      licenceUrl: 'https://data.norge.no/nlod/no/2.0',
      mode: 'copie_locale',
      // A pass is a recording of the API's answers, not a file brreg publishes.
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://data.brreg.no/regnskapsregisteret/regnskap/',
    },
  ],
  ingest: {
    'no-brreg': noBrregIngestSpec,
    'no-brreg-oppdateringer': noBrregUpdatesIngestSpec,
    'no-regnskap': noRegnskapIngestSpec,
  },
  europe: {
    idPattern: /^\d{9}$/,
    // The last digit is the modulus-11 check digit (weights 3 2 7 6 5 4 3 2): a number failing it is a 400.
    idCheck: isValidNoOrgnr,
    idLabel: '9 chiffres',
    idDescription:
      'numéro d’organisation de 9 chiffres sans espace dont le dernier est la clé modulo 11 / 9-digit organisation number with a valid modulus-11 check digit',
  },
  async load() {
    const [projection, events, accounts, demo, routes] = await Promise.all([
      import('../../projections/no-brreg/noBrregProjection.ts'),
      import('../../projections/no-brreg/noBrregEvents.ts'),
      import('../../projections/no-brreg/noBrregAccounts.ts'),
      import('../../ingest/no-brreg/noBrregDemo.ts'),
      import('../../api/routes/noBrreg.ts'),
    ]);
    return {
      demo: demo.noBrregDemo,
      projections: [
        projection.noBrregProjection,
        events.noBrregEventsProjection,
        accounts.noBrregAccountsProjection,
      ],
      routes: routes.NO_BRREG_ROUTES,
      europeProfiles: { projection: projection.noBrregProjection.name, table: projection.NO_BRREG_PROFILES },
    };
  },
};
