import { cyDrcorIngestSpec } from '../../ingest/cy-drcor/cyDrcorCommand.ts';
import { CY_ID_PATTERN } from '../../ingest/cy-drcor/cyRegistrationNumber.ts';
import { CY_DRCOR_REGISTER } from '../../schemas/events/cyDrcorEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Cyprus's Department of Registrar of Companies and Intellectual Property (open data, data.gov.cy). */
export const cyDrcor: RegisterManifest = {
  stem: 'cy-drcor',
  dictionary: [
    {
      code: CY_DRCOR_REGISTER,
      nomCourt: 'DRCOR',
      nomComplet: 'Registrar of Companies (Cyprus), open data: organisations and registered offices',
      producteur: 'Department of Registrar of Companies and Intellectual Property',
      pays: 'CY',
      licence: 'CC BY 4.0',
      licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: null,
      sourceUrl:
        'https://data.gov.cy/el/dataset/mitroo-eggegrammenon-etaireion-emporikon-eponymion-kai-synetairismon-stin-kypro',
    },
  ],
  ingest: { 'cy-drcor': cyDrcorIngestSpec },
  europe: {
    idPattern: CY_ID_PATTERN,
    idLabel: 'préfixe et numéro (HE489243)',
    idDescription:
      'préfixe latin et numéro sans espace : HE (société), AE (société étrangère), S, BN, B / prefix and number, no space (HE489243)',
  },
  async load() {
    const [projection, demo] = await Promise.all([
      import('../../projections/cy-drcor/cyDrcorProjection.ts'),
      import('../../ingest/cy-drcor/cyDrcorDemo.ts'),
    ]);
    return {
      demo: demo.cyDrcorDemo,
      projections: [projection.cyDrcorProjection],
      europeProfiles: { projection: projection.cyDrcorProjection.name, table: projection.CY_DRCOR_PROFILES },
    };
  },
};
