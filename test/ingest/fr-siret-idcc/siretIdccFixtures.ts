import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-siret-idcc');

/** 66 real rows of April 2019: MOIS,SIRET,IDCC,DATE_MAJ, IDCC padded with two spaces. */
export const IDCC_2019 = path.join(FIXTURES, 'siret-idcc_2019-04_sample.csv');
/** The same rows under a lower-case header (mois,siret,idcc,datemaj), UTF-8 with a BOM, unpadded. */
export const IDCC_LOWER_CASE = path.join(FIXTURES, 'siret-idcc_en-tete-minuscules.csv');
