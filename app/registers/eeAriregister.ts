import { eeAriregisterIngestSpec } from '../../ingest/ee-ariregister/eeAriregisterCommand.ts';
import { EE_ARIREGISTER_REGISTER } from '../../schemas/events/eeAriregisterEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Estonia’s e-Business Register (open data). */
export const eeAriregister: RegisterManifest = {
  stem: 'ee-ariregister',
  dictionary: [
    {
      code: EE_ARIREGISTER_REGISTER,
      nomCourt: 'Äriregister',
      nomComplet: 'e-Business Register (Registrite ja Infosüsteemide Keskus)',
      producteur: 'RIK',
      pays: 'EE',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: null,
      sourceUrl: 'https://avaandmed.ariregister.rik.ee/et/avaandmete-allalaadimine',
    },
  ],
  ingest: { 'ee-ariregister': eeAriregisterIngestSpec },
  europe: {
    idPattern: /^\d{8}$/,
    idLabel: '8 chiffres',
    idDescription: 'registrikood de 8 chiffres / 8-digit registry code',
  },
  async load() {
    const [projection, demo, routes] = await Promise.all([
      import('../../projections/ee-ariregister/eeAriregisterProjection.ts'),
      import('../../ingest/ee-ariregister/eeAriregisterDemo.ts'),
      import('../../api/routes/eeAriregister.ts'),
    ]);
    return {
      demo: demo.eeAriregisterDemo,
      projections: [projection.eeAriregisterProjection],
      routes: routes.EE_ARIREGISTER_ROUTES,
      europeProfiles: {
        projection: projection.eeAriregisterProjection.name,
        table: projection.EE_ARIREGISTER_PROFILES,
      },
    };
  },
};
