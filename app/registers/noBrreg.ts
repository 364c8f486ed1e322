import { noBrregIngestSpec } from '../../ingest/no-brreg/noBrregCommand.ts';
import { noBrregUpdatesIngestSpec } from '../../ingest/no-brreg/noBrregUpdatesCommand.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Norway’s Central Coordinating Register for Legal Entities (Enhetsregisteret). */
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
  ],
  ingest: { 'no-brreg': noBrregIngestSpec, 'no-brreg-oppdateringer': noBrregUpdatesIngestSpec },
  europe: {
    idPattern: /^\d{9}$/,
    idLabel: '9 chiffres',
    idDescription: 'numéro d’organisation de 9 chiffres sans espace / 9-digit organisation number',
  },
  async load() {
    const [projection, events, demo, routes] = await Promise.all([
      import('../../projections/no-brreg/noBrregProjection.ts'),
      import('../../projections/no-brreg/noBrregEvents.ts'),
      import('../../ingest/no-brreg/noBrregDemo.ts'),
      import('../../api/routes/noBrreg.ts'),
    ]);
    return {
      demo: demo.noBrregDemo,
      projections: [projection.noBrregProjection, events.noBrregEventsProjection],
      routes: routes.NO_BRREG_ROUTES,
      europeProfiles: { projection: projection.noBrregProjection.name, table: projection.NO_BRREG_PROFILES },
    };
  },
};
