import type { RegisterInfo } from './core/registerInfo.ts';

const ETALAB_2 = {
  licence: 'Licence Ouverte / Open Licence v2.0 (Etalab)',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
};

/**
 * The register dictionary: every register the service reads or is being built to read. A register with no
 * completed pass is listed with no snapshot (see `etat` in the dictionary route): the dictionary describes
 * the source, projection state says what we hold of it.
 */
export const REGISTERS: readonly RegisterInfo[] = [
  {
    code: 'fr.sirene',
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
    code: 'fr.sirene.api',
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
  {
    code: 'fr.bodacc',
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
  {
    code: 'fr.rna',
    nomCourt: 'RNA',
    nomComplet: 'Répertoire national des associations',
    producteur: "Ministère de l'Intérieur",
    pays: 'FR',
    ...ETALAB_2,
    mode: 'copie_locale',
    photoComplete: true,
    // Monthly stock: the contract's 14-day limit is the association journal's (fr.joafe); a monthly file
    // gets the same margin as the other monthly stock (Sirene, 45 days).
    seuilFraicheurJours: 45,
    sourceUrl: 'https://www.data.gouv.fr/fr/datasets/repertoire-national-des-associations/',
  },
  {
    code: 'fr.joafe',
    nomCourt: 'JOAFE',
    nomComplet: "Journal officiel des associations et fondations d'entreprise",
    producteur: 'DILA',
    pays: 'FR',
    ...ETALAB_2,
    mode: 'copie_locale',
    photoComplete: false,
    seuilFraicheurJours: 14,
    sourceUrl: 'https://journal-officiel-datadila.opendatasoft.com/explore/dataset/jo_associations/',
  },
  {
    code: 'fr.ratios-inpi-bce',
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
  {
    code: 'no.brreg',
    nomCourt: 'Brønnøysund',
    nomComplet: 'Enhetsregisteret (Brønnøysundregistrene)',
    producteur: 'Brønnøysundregistrene',
    pays: 'NO',
    licence: 'Norsk lisens for offentlige data (NLOD) 2.0',
    licenceUrl: 'https://data.norge.no/nlod/no/2.0',
    mode: 'copie_locale',
    photoComplete: true,
    seuilFraicheurJours: null,
    sourceUrl: 'https://data.brreg.no/enhetsregisteret/api/enheter/lastned/csv',
  },
  {
    code: 'ee.ariregister',
    nomCourt: 'Äriregister',
    nomComplet: 'e-Business Register (Registrite ja Infosüsteemide Keskus)',
    producteur: 'RIK',
    pays: 'EE',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    mode: 'copie_locale',
    photoComplete: true,
    seuilFraicheurJours: null,
    sourceUrl: 'https://avaandmed.ariregister.rik.ee/et/avaandmete-allalaadimine',
  },
  {
    code: 'lv.ur',
    nomCourt: 'Uzņēmumu reģistrs',
    nomComplet: 'Register of Enterprises of the Republic of Latvia (open data)',
    producteur: 'Uzņēmumu reģistrs',
    pays: 'LV',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    mode: 'copie_locale',
    photoComplete: true,
    seuilFraicheurJours: 7,
    sourceUrl: 'https://data.gov.lv/dati/lv/organization/ur',
  },
];

export function findRegister(
  code: string,
  registers: readonly RegisterInfo[] = REGISTERS,
): RegisterInfo | undefined {
  return registers.find((r) => r.code === code);
}
