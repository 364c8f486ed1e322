/** Whether a Croatian legal form is a legal person's, a natural person's, or one this service does not decide. */
export type HrFormDecision = 'personne_morale' | 'personne_physique' | 'indecise';

/**
 * `pravni_oblik.vrsta_pravnog_oblika.naziv` as the register names the forms of the Companies Act (Zakon o
 * trgovačkim društvima) and the other entered forms. A sole trader (`trgovac pojedinac`) is a natural person;
 * a form in neither list is not decided (404 forme_juridique_non_servie).
 */
const LEGAL_PERSON_FORMS = new Set([
  'dioničko društvo',
  'društvo s ograničenom odgovornošću',
  'jednostavno društvo s ograničenom odgovornošću',
  'javno trgovačko društvo',
  'komanditno društvo',
  'gospodarsko interesno udruženje',
  'europsko društvo',
  'europsko gospodarsko interesno udruženje',
  'zadruga',
  'ustanova',
]);
const NATURAL_PERSON_FORMS = new Set(['trgovac pojedinac']);

export function hrFormDecision(naziv: string | null): HrFormDecision {
  const key = (naziv ?? '').trim().toLowerCase();
  if (NATURAL_PERSON_FORMS.has(key)) return 'personne_physique';
  return LEGAL_PERSON_FORMS.has(key) ? 'personne_morale' : 'indecise';
}
