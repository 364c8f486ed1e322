import { EU_VIES_REGISTER } from '../../schemas/events/euViesEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * VIES, the European Commission's VAT Information Exchange System, queried live (anonymously) by
 * GET /v1/tva/verifier/{numero} and the dossier's `facturation_prep` block. No explicit licence on its
 * answers: public sector information, VIES cited (ingest/eu-vies/live/SOURCE.txt).
 */
export const euVies: RegisterManifest = {
  stem: 'eu-vies',
  dictionary: [
    {
      code: EU_VIES_REGISTER,
      nomCourt: 'VIES',
      nomComplet:
        'VIES (VAT Information Exchange System), vérification des numéros de TVA intracommunautaire',
      producteur: 'Commission européenne, DG TAXUD',
      pays: 'EU',
      licence:
        'Aucune licence explicite sur les réponses : information du secteur public, réutilisée en citant VIES',
      licenceUrl: 'https://ec.europa.eu/taxation_customs/vies/#/technical-information',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
    },
  ],
  ingest: {},
  frenchLive: {
    defaultUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api',
    sampleId: 'LV44103126607',
  },
  async load() {
    const [live, route] = await Promise.all([
      import('../../ingest/eu-vies/euViesLive.ts'),
      import('../../api/routes/tva/tvaVerifier.ts'),
    ]);
    return {
      frenchLive: { createReader: live.createViesLive, recordings: live.VIES_RECORDINGS },
      routes: [route.tvaVerifierRoute],
    };
  },
};
