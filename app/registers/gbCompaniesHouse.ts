import { COMPANY_NUMBER } from '../../ingest/gb-companies-house/companiesHouseTypes.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../schemas/events/gbCompaniesHouseEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { liveForADay } from './liveForADay.ts';

/** The United Kingdom's register of companies (Companies House public data API), queried live. */
export const gbCompaniesHouse: RegisterManifest = {
  stem: 'gb-companies-house',
  dictionary: [
    {
      code: GB_COMPANIES_HOUSE_REGISTER,
      nomCourt: 'Companies House',
      nomComplet: 'Companies House, register of companies (Companies House public data API)',
      producteur: 'Companies House',
      pays: 'GB',
      licence: 'Données publiques (conditions d’utilisation de l’API Companies House)',
      licenceUrl: 'https://developer.company-information.service.gov.uk/',
      mode: 'direct',
      photoComplete: false,
      seuilFraicheurJours: null,
      sourceUrl: 'https://api.company-information.service.gov.uk',
    },
  ],
  ingest: {},
  europe: {
    idPattern: COMPANY_NUMBER,
    idLabel: 'company number 8 caractères',
    idDescription:
      'numéro de société de 8 caractères, 8 chiffres ou 2 lettres majuscules et 6 chiffres (SC123456) / 8-character company number: 8 digits, or 2 capital letters and 6 digits',
    live: {
      ...liveForADay('https://api.company-information.service.gov.uk', '00445790'),
      credentials: {
        description:
          'clé de l’API REST Companies House (la clé seule) / Companies House REST API key (the key alone)',
      },
    },
  },
  async load() {
    const live = await import('../../ingest/gb-companies-house/gbCompaniesHouseLive.ts');
    return {
      europeLive: {
        createReader: live.createCompaniesHouseLive,
        recordings: live.COMPANIES_HOUSE_RECORDINGS,
      },
    };
  },
};
