import { frSireneIngestSpec } from '../../ingest/fr-sirene/frSireneCommand.ts';
import { FR_SIRENE_API_REGISTER } from '../../schemas/events/frSireneApiEvents.ts';
import { FR_SIRENE_REGISTER, frSireneStreamOf } from '../../schemas/events/frSireneEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** Sirene: the monthly stock as a local copy, and INSEE's API as the search's live fallback. */
export const frSirene: RegisterManifest = {
  stem: 'fr-sirene',
  dictionary: [
    {
      code: FR_SIRENE_REGISTER,
      nomCourt: 'INSEE Sirene',
      nomComplet: 'Base Sirene des entreprises et de leurs établissements (stock)',
      producteur: 'INSEE',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      seuilFraicheurJours: 45,
      sourceUrl: 'https://www.data.gouv.fr/fr/datasets/5b7ffc618b4c4169d30727e0/',
    },
    {
      code: FR_SIRENE_API_REGISTER,
      nomCourt: 'API Sirene (INSEE)',
      nomComplet: 'API Sirene 3.11 de l’INSEE, interrogée en temps réel (repli de la recherche)',
      producteur: 'INSEE',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://portail-api.insee.fr/',
    },
  ],
  entityStreamOf: frSireneStreamOf,
  ingest: { 'fr-sirene': frSireneIngestSpec },
  async load() {
    const [routes, search, etablissements, unites, recherche, demo, dossier, kyb, intelligence] =
      await Promise.all([
        import('../../api/routes/entreprise.ts'),
        import('../../api/routes/recherche.ts'),
        import('../../projections/fr-sirene-etablissements/etablissementsProjection.ts'),
        import('../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts'),
        import('../../projections/fr-sirene-recherche/rechercheProjection.ts'),
        import('../../ingest/fr-sirene/frSireneDemo.ts'),
        import('../../api/routes/dossier.ts'),
        import('../../api/routes/kyb/kybRoute.ts'),
        import('../../api/routes/intelligence/intelligenceRoute.ts'),
      ]);
    return {
      demo: demo.frSireneDemo(),
      projections: [
        unites.unitesLegalesProjection,
        etablissements.etablissementsProjection,
        recherche.rechercheProjection,
      ],
      // The dossier and the intelligence report read the BODACC and the filed accounts too (their copies
      // degrade their blocks).
      routes: [
        ...routes.ENTREPRISE_ROUTES,
        dossier.dossierRoute,
        kyb.kybRoute,
        kyb.kybBatchRoute,
        intelligence.intelligenceRoute,
        search.rechercheRoute,
      ],
    };
  },
};
