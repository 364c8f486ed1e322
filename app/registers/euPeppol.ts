import { EU_PEPPOL_REGISTER } from '../../schemas/events/euPeppolEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * The Peppol Directory (OpenPeppol), queried live and anonymously by the invoicing checks: whether a Belgian
 * company (participant `0208:<KBO number>`) is published as a Peppol receiver, and which documents it
 * receives. Publication is voluntary: not found in the directory is not "not on Peppol". The two invoicing
 * routes are listed here, beside the source they were built for.
 */
export const euPeppol: RegisterManifest = {
  stem: 'eu-peppol',
  dictionary: [
    {
      code: EU_PEPPOL_REGISTER,
      nomCourt: 'Peppol Directory',
      nomComplet: 'Peppol Directory, annuaire des participants au réseau Peppol (OpenPeppol)',
      producteur: 'OpenPeppol AISBL',
      pays: 'EU',
      licence:
        'Aucune licence explicite sur les réponses ; politique de confidentialité du Peppol Directory (le bloc contact, seule donnée personnelle, n’est jamais lu)',
      licenceUrl: 'https://directory.peppol.eu/public/menuitem-docs-rest-api',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://directory.peppol.eu/search/1.0/json',
    },
  ],
  ingest: {},
  frenchLive: {
    defaultUrl: 'https://directory.peppol.eu',
    sampleId: '0192:923609016',
  },
  async load() {
    const [live, eu, fr] = await Promise.all([
      import('../../ingest/eu-peppol/euPeppolLive.ts'),
      import('../../api/routes/facturation/euFacturationRoute.ts'),
      import('../../api/routes/facturation/frFacturationRoute.ts'),
    ]);
    return {
      frenchLive: { createReader: live.createPeppolLive, recordings: live.PEPPOL_RECORDINGS },
      routes: [fr.frFacturationRoute, eu.euFacturationRoute],
    };
  },
};
