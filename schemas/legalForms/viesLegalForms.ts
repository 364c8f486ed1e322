/**
 * Legal-form tokens that make a name VIES returns evidently a legal person's: a company form written as a
 * word of its own in the name (`SIA "WD Market"`, `Microsoft Danmark ApS`, `ACME GmbH`). A name without one
 * may be a natural person's (a sole trader is registered for VAT under their own name) and is withheld.
 *
 * Kept short and unambiguous on purpose: only forms that exist for companies alone (never a sole trader's
 * form such as the French `EI`, the German `e.K.`, the Italian `ditta`), spelt as the registers print them.
 * Matching ignores case and dots (`s.r.o.` = `SRO`, `B.V.` = `BV`). Read by ingest (what enters the log) and
 * the read side (what is served).
 */
const LEGAL_FORM_TOKENS: readonly string[] = [
  // Latvia, Lithuania, Estonia
  'SIA',
  'UAB',
  'OÜ',
  // Germany, Austria
  'GmbH',
  'AG',
  'KGaA',
  // France, Belgium, Luxembourg
  'SA',
  'SAS',
  'SASU',
  'SARL',
  'EURL',
  'SNC',
  'SCI',
  'SCOP',
  'SRL',
  'SPRL',
  'ASBL',
  // Netherlands, Belgium
  'BV',
  'NV',
  'VZW',
  // Nordics
  'AB',
  'AS',
  'ApS',
  'A/S',
  'Oy',
  'Oyj',
  'ASA',
  // United Kingdom, Ireland, Malta, Cyprus
  'Ltd',
  'Limited',
  'PLC',
  'LLP',
  'DAC',
  // Poland, Czech Republic, Slovakia
  'SKA',
  // Spain, Portugal, Italy
  'SLU',
  'Lda',
  'SpA',
  'SRLS',
  'SCARL',
  // Hungary, Romania, Bulgaria
  'Kft',
  'Zrt',
  'Nyrt',
  'EOOD',
  'OOD',
  'EAD',
  // Greece
  'EPE',
  'IKE',
  'ΑΕ',
  'ΕΠΕ',
  'ΙΚΕ',
];

const normalise = (word: string) => word.replace(/\./g, '').toUpperCase();

const TOKENS = new Set(LEGAL_FORM_TOKENS.map(normalise));

/** Forms written in several words, dots and spaces optional: `sp. z o.o.`, `s.r.o.`, `spol. s r.o.`, `d.o.o.`. */
const SPACED_FORMS: readonly RegExp[] = [
  /(^|[\s,])sp\.?\s*z\s*o\.?\s*o\.?($|[\s,])/iu,
  /(^|[\s,])(spol\.?\s*)?s\.\s*r\.\s*o\.?($|[\s,])/iu,
  /(^|[\s,])d\.\s*o\.\s*o\.?($|[\s,])/iu,
  /(^|[\s,])a\.\s*s\.?($|[\s,])/iu,
  // Forms written in full
  /sp[óo][łl]ka akcyjna|sp[óo][łl]ka z ograniczon[ąa] odpowiedzialno[śs]ci[ąa]/iu,
  /aktiengesellschaft|gesellschaft mit beschr[äa]nkter haftung/iu,
  /soci[ée]t[ée] anonyme|soci[ée]t[ée] [àa] responsabilit[ée] limit[ée]e|soci[ée]t[ée] par actions simplifi[ée]e/iu,
  /sociedad an[óo]nima|sociedad limitada|societ[àa] per azioni|societ[àa] a responsabilit[àa] limitata/iu,
  /akciov[áa] spole[čc]nost|spole[čc]nost s ru[čc]en[íi]m omezen[ýy]m/iu,
];

/** Whether a name carries a legal-form token as a word of its own: the name is evidently a legal person's. */
export function namesLegalPerson(name: string): boolean {
  const words = name
    .split(/[\s,;:()"'“”«»]+/u)
    .map(normalise)
    .filter((w) => w !== '');
  return words.some((w) => TOKENS.has(w)) || SPACED_FORMS.some((form) => form.test(name));
}
