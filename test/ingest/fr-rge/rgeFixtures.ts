import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-rge');

/** A data-fair `lines` answer of liste-des-entreprises-rge-2: 3 lines of SIRET 52816377700030 (SOURCE.txt). */
export const RGE_528163777 = path.join(FIXTURES, 'rge_annuaire_528163777.json');
