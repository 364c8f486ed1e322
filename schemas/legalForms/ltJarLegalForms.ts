/**
 * Which legal forms of the Lithuanian register (`form_pavadinimas`, the label every row carries verbatim)
 * decide that the entity is a legal person, which are a natural person's business, and which do not decide.
 * Decided on the label, normalised (lower case, single spaces): the numeric `form_kodas` list was not found
 * published verbatim, and one reuser's note (110 = IĮ) contradicts another's code (810–812 and 220 re-fetched
 * because their names are masked), so no code is trusted alone.
 * - a natural person's business: `individuali įmonė` (IĮ: one owner, unlimited liability, named after the
 *   owner) and the form codes 810, 811, 812 and 220 whose names the open file masks;
 * - legal persons: the Civil Code's companies, partnerships, cooperatives, public bodies and associations;
 * - any other label (a branch, `filialas`, or a representative office, `atstovybė`, of a foreign entity
 *   that may be a sole proprietorship; a label not listed here): undecided, never served.
 */
export type LtJarFormDecision = 'personne_morale' | 'personne_physique' | 'indecise';

const SOLE_TRADER_LABELS = ['individuali įmonė'];
const MASKED_NAME_CODES = ['810', '811', '812', '220'];

const LEGAL_PERSON_LABELS = [
  'uždaroji akcinė bendrovė',
  'akcinė bendrovė',
  'mažoji bendrija',
  'tikroji ūkinė bendrija',
  'komanditinė ūkinė bendrija',
  'žemės ūkio bendrovė',
  'kooperatinė bendrovė (kooperatyvas)',
  'kooperatinė bendrovė',
  'valstybės įmonė',
  'savivaldybės įmonė',
  'viešoji įstaiga',
  'biudžetinė įstaiga',
  'asociacija',
  'labdaros ir paramos fondas',
  'europos bendrovė',
  'europos kooperatinė bendrovė',
  'europos ekonominių interesų grupė',
  'kredito unija',
  'politinė partija',
  'profesinė sąjunga ar jų susivienijimas',
  'daugiabučių namų savininkų bendrija',
  'sodininkų bendrija',
  'bendrija',
];

const normalised = (label: string) => label.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export function ltJarFormDecision(code: string | null, label: string | null): LtJarFormDecision {
  if (code !== null && MASKED_NAME_CODES.includes(code.trim())) return 'personne_physique';
  if (label === null) return 'indecise';
  const l = normalised(label);
  if (SOLE_TRADER_LABELS.includes(l)) return 'personne_physique';
  return LEGAL_PERSON_LABELS.includes(l) ? 'personne_morale' : 'indecise';
}
