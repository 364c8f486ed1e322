import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-decp');

/** The 2019 schema (`{"marches": [...]}`, holders with `denominationSociale`): 2 contracts (SOURCE.txt). */
export const DECP_2019 = path.join(FIXTURES, 'decp_test_2019.json');
/** The 2024 schema (`{"marches": {"marche": [...]}}`, `titulaires[{titulaire}]`): 5 contracts (SOURCE.txt). */
export const DECP_2024 = path.join(FIXTURES, 'decp_test_2022.json');
/**
 * Three real contracts of the 2019 layout, verbatim from data.gouv.fr_aife.json of 2019-04-04, whose holders
 * are named as natural persons (SOURCE.txt): the privacy tests' rows.
 */
export const DECP_PERSONNES = path.join(FIXTURES, 'aife_2019-04-04_personnes.json');
