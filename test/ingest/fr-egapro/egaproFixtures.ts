import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-egapro');

/** The current 18-column layout (UTF-8 with a BOM, CRLF): LA POSTE 2018-2022, a UES, an NC row, a bad SIREN. */
export const EGAPRO_CURRENT = path.join(FIXTURES, 'index-egalite-fh-utf8.csv');
/** The first 17-column layout (CRLF, no BOM): LA POSTE 2018-2019 and the exporter test's foreign company. */
export const EGAPRO_FIRST = path.join(FIXTURES, 'index-egalite-fh-17-colonnes.csv');
