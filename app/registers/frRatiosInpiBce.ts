import { frRatiosInpiBceIngestSpec } from '../../ingest/fr-ratios-inpi-bce/frRatiosInpiBceCommand.ts';
import { FR_RATIOS_INPI_BCE_REGISTER } from '../../schemas/events/frRatiosInpiBceEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** Financial ratios of filed annual accounts (INPI / BCE), served through the company lists and prospecting. */
export const frRatiosInpiBce: RegisterManifest = {
  stem: 'fr-ratios-inpi-bce',
  dictionary: [
    {
      code: FR_RATIOS_INPI_BCE_REGISTER,
      nomCourt: 'Ratios INPI-BCE',
      nomComplet: 'Ratios financiers des comptes annuels déposés (INPI / BCE)',
      producteur: 'Ministère de l’Économie (DGE) avec les données INPI',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: 45,
      sourceUrl: 'https://data.economie.gouv.fr/explore/dataset/ratios_inpi_bce/',
    },
  ],
  ingest: { 'fr-ratios-inpi-bce': frRatiosInpiBceIngestSpec },
  async load() {
    const [lister, prospection, liste, demo] = await Promise.all([
      import('../../api/routes/lister.ts'),
      import('../../api/routes/prospection.ts'),
      import('../../projections/fr-entreprises-liste/listeProjection.ts'),
      import('../../ingest/fr-ratios-inpi-bce/frRatiosInpiBceDemo.ts'),
    ]);
    return {
      demo: demo.frRatiosInpiBceDemo,
      // The filed accounts are served by the company lists, which read Sirene and the BODACC too; the
      // prospecting list reads them with the signals of Sirene, the DECP and CORDIS.
      projections: [liste.listeProjection],
      routes: [...lister.LISTER_ROUTES, prospection.PROSPECTION_ROUTE],
    };
  },
};
