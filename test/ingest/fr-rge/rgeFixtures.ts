import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-rge');

/** A data-fair `lines` answer of liste-des-entreprises-rge-2: 3 lines of SIRET 52816377700030 (SOURCE.txt). */
export const RGE_528163777 = path.join(FIXTURES, 'rge_annuaire_528163777.json');

/**
 * The first two of the 12 lines of a real historique-rge `lines` answer for SIRET 81176617900014 (SOURCE.txt):
 * a current line with dates, and an older one whose processing is over (`traitement_termine`).
 */
export const RGE_HISTORIQUE_811766179 = path.join(FIXTURES, 'historique_81176617900014_page1_excerpt.json');
