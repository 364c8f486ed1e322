import { FR_RNE_REGISTER } from '../../schemas/events/frRneEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * The INPI's Registre national des entreprises, queried live (with an INPI account) for the officers and the
 * filings (list and PDFs).
 */
export const frRne: RegisterManifest = {
  stem: 'fr-rne',
  dictionary: [
    {
      code: FR_RNE_REGISTER,
      nomCourt: 'RNE',
      nomComplet: 'Registre national des entreprises (INPI)',
      producteur: 'Institut national de la propriété industrielle (INPI)',
      pays: 'FR',
      licence: 'Conditions générales d’utilisation de DATA INPI (accès aux API du RNE sur compte)',
      licenceUrl: 'https://data.inpi.fr/content/editorial/cgu',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://registre-national-entreprises.inpi.fr/api/companies',
    },
  ],
  ingest: {},
  frenchLive: {
    defaultUrl: 'https://registre-national-entreprises.inpi.fr',
    sampleId: '552032534',
    credentials: {
      description:
        'identifiant et mot de passe d’un compte DATA INPI ayant accès à l’API du RNE (utilisateur:mot de passe) / username and password of a DATA INPI account with access to the RNE API',
    },
  },
  async load() {
    const [live, documents, capital] = await Promise.all([
      import('../../ingest/fr-rne/frRneLive.ts'),
      import('../../api/routes/documents.ts'),
      import('../../api/routes/capital.ts'),
    ]);
    return {
      frenchLive: { createReader: live.createRneLive, recordings: live.RNE_RECORDINGS },
      // The filings list and each filing's PDF, the share capital (the officers are a member of the profile and
      // the dossier).
      routes: [...documents.DOCUMENTS_ROUTES, capital.capitalRoute],
    };
  },
};
