/** The licence of the French State's open data, shared by the French registers' dictionary entries. */
export const ETALAB_2 = {
  licence: 'Licence Ouverte / Open Licence v2.0 (Etalab)',
  licenceUrl: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
};
