import { CRO_ID_PATTERN } from '../../ingest/ie-cro/croCompanyNumber.ts';
import { ieCroIngestSpec } from '../../ingest/ie-cro/ieCroCommand.ts';
import { IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Ireland's Companies Registration Office (open data, daily companies file). */
export const ieCro: RegisterManifest = {
  stem: 'ie-cro',
  dictionary: [
    {
      code: IE_CRO_REGISTER,
      nomCourt: 'CRO',
      nomComplet: 'Companies Registration Office (Ireland), open data: companies',
      producteur: 'Companies Registration Office',
      pays: 'IE',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: null,
      sourceUrl: 'https://opendata.cro.ie/dataset/companies',
    },
  ],
  ingest: { 'ie-cro': ieCroIngestSpec },
  europe: {
    idPattern: CRO_ID_PATTERN,
    idLabel: '1 à 7 chiffres',
    idDescription:
      'numéro de société CRO, 1 à 7 chiffres sans zéro initial / CRO company number, 1 to 7 digits, no leading zero',
  },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/ie-cro/ieCroProjection.ts'),
      import('../../ingest/ie-cro/ieCroDemo.ts'),
    ]);
    return {
      demo: demo.ieCroDemo,
      projections: [projection.ieCroProjection],
      europeProfiles: { projection: projection.ieCroProjection.name, table: projection.IE_CRO_PROFILES },
    };
  },
};
