import { PL_WHITE_LIST_REGISTER } from '../../schemas/events/plWhiteListEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/**
 * Poland's VAT taxpayers' list ("biała lista", API Rejestr WL of the Ministry of Finance), queried live and
 * anonymously by the European invoicing check: VAT status and whether an account is declared for a NIP.
 */
export const plWhiteList: RegisterManifest = {
  stem: 'pl-wl',
  dictionary: [
    {
      code: PL_WHITE_LIST_REGISTER,
      nomCourt: 'Biała lista VAT',
      nomComplet:
        'Wykaz podatników VAT (liste blanche des assujettis à la TVA et de leurs comptes bancaires déclarés), Ministère des Finances polonais',
      producteur: 'Ministerstwo Finansów (Krajowa Administracja Skarbowa)',
      pays: 'PL',
      licence:
        'Données publiques du registre (art. 96b de la loi polonaise sur la TVA), réutilisées en citant le Ministère des Finances ; aucune licence explicite sur les réponses',
      licenceUrl: 'https://www.gov.pl/web/kas/api-wykazu-podatnikow-vat',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://wl-api.mf.gov.pl',
    },
  ],
  ingest: {},
  frenchLive: {
    defaultUrl: 'https://wl-api.mf.gov.pl',
    sampleId: '7792422251',
  },
  async load() {
    const live = await import('../../ingest/pl-wl/plWhiteListLive.ts');
    return {
      frenchLive: { createReader: live.createWhiteListLive, recordings: live.WHITE_LIST_RECORDINGS },
    };
  },
};
