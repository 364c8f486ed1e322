import { frBodaccIngestSpec } from '../../ingest/fr-bodacc/frBodaccCommand.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** The BODACC gazette: notices of changes and collective proceedings. */
export const frBodacc: RegisterManifest = {
  stem: 'fr-bodacc',
  dictionary: [
    {
      code: FR_BODACC_REGISTER,
      nomCourt: 'BODACC',
      nomComplet: 'Bulletin officiel des annonces civiles et commerciales',
      producteur: 'DILA',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://bodacc-datadila.opendatasoft.com/explore/dataset/annonces-commerciales/',
    },
  ],
  ingest: { 'fr-bodacc': frBodaccIngestSpec },
  async load() {
    const [changements, alertes, annonces, demo] = await Promise.all([
      import('../../api/routes/changements.ts'),
      import('../../api/routes/alertes.ts'),
      import('../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts'),
      import('../../ingest/fr-bodacc/frBodaccDemo.ts'),
    ]);
    return {
      demo: demo.frBodaccDemo,
      projections: [annonces.bodaccAnnoncesProjection],
      routes: [changements.changementsRoute, alertes.alertesRoute],
    };
  },
};
