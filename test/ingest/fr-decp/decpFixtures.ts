import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-decp');

/** The 2019 schema (`{"marches": [...]}`, holders with `denominationSociale`): 2 contracts (SOURCE.txt). */
export const DECP_2019 = path.join(FIXTURES, 'decp_test_2019.json');
/** The 2024 schema (`{"marches": {"marche": [...]}}`, `titulaires[{titulaire}]`): 5 contracts (SOURCE.txt). */
export const DECP_2024 = path.join(FIXTURES, 'decp_test_2022.json');
