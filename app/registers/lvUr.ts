import { lvUrIngestSpec } from '../../ingest/lv-ur/lvUrCommand.ts';
import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Latvia’s Register of Enterprises (open data). */
export const lvUr: RegisterManifest = {
  stem: 'lv-ur',
  dictionary: [
    {
      code: LV_UR_REGISTER,
      nomCourt: 'Uzņēmumu reģistrs',
      nomComplet: 'Register of Enterprises of the Republic of Latvia (open data)',
      producteur: 'Uzņēmumu reģistrs',
      pays: 'LV',
      licence: 'CC0 1.0',
      licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: 7,
      sourceUrl: 'https://data.gov.lv/dati/lv/organization/ur',
    },
  ],
  ingest: { 'lv-ur': lvUrIngestSpec },
  europe: {
    idPattern: /^\d{11}$/,
    idLabel: '11 chiffres',
    idDescription: 'numéro d’enregistrement de 11 chiffres / 11-digit registration number',
  },
  async load() {
    const [projection, demo, routes] = await Promise.all([
      import('../../projections/lv-ur/lvUrProjection.ts'),
      import('../../ingest/lv-ur/lvUrDemo.ts'),
      import('../../api/routes/lvUr.ts'),
    ]);
    return {
      demo: demo.lvUrDemo,
      projections: [projection.lvUrProjection],
      routes: routes.LV_UR_ROUTES,
      europeProfiles: { projection: projection.lvUrProjection.name, table: projection.LV_UR_PROFILES },
    };
  },
};
