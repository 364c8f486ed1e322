/**
 * The indexed forms of a company name, computed in the projecting process (and for a query, in the serving
 * one) rather than by the database: a trigger normalising each written row with regular expressions through
 * nested SQL functions took about 200 µs a company, most of the search index's projection time (bench sirene,
 * bench/HISTORY.md); the same forms here take a few microseconds.
 *
 * - normalised: lower case, accents removed, anything but letters and digits turned into one space;
 * - essential: the normalised name without generic words (falls back to the normalised name when nothing
 *   else is left; null when that is empty too), what searches by word read;
 * - key: the distinct essential words sorted, so that word order does not matter for an exact match.
 */

/**
 * Words that say what kind of entity a name belongs to, not which one (legal forms, "société",
 * "établissements", articles and prepositions). They are left out of the indexed form of a name: they
 * would make every other name a fuzzy match of "Société ..." and cost the trigram index most of its time.
 */
export const GENERIC_WORDS: readonly string[] = [
  'sa',
  'sas',
  'sasu',
  'sarl',
  'eurl',
  'sci',
  'snc',
  'scs',
  'sca',
  'scp',
  'scm',
  'selarl',
  'selas',
  'gie',
  'societe',
  'ste',
  'soc',
  'ets',
  'etablissement',
  'etablissements',
  'cie',
  'compagnie',
  'et',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'l',
  'd',
  'en',
  'au',
  'aux',
];

const GENERIC = new Set(GENERIC_WORDS);

/**
 * Latin letters that compatibility decomposition leaves whole, written as PostgreSQL's `unaccent` rules
 * write them (the form the index held before these functions): "Œuvre" is "oeuvre", "Straße" "strasse".
 */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  Æ: 'ae',
  æ: 'ae',
  Œ: 'oe',
  œ: 'oe',
  ß: 'ss',
  ẞ: 'ss',
  Ø: 'o',
  ø: 'o',
  Ð: 'd',
  ð: 'd',
  Đ: 'd',
  đ: 'd',
  Þ: 'th',
  þ: 'th',
  Ł: 'l',
  ł: 'l',
  Ħ: 'h',
  ħ: 'h',
  ı: 'i',
  ĸ: 'q',
  Ŋ: 'n',
  ŋ: 'n',
  Ŧ: 't',
  ŧ: 't',
  Ŀ: 'l',
  ŀ: 'l',
};
const UNDECOMPOSED_CHARS = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'g');
/** Anything outside ASCII: only such a name needs decomposing. */
const NON_ASCII = /[^\p{ASCII}]/u;
const MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;

/** Lower case, no accents, only `[a-z0-9]` words separated by one space (maybe empty). */
export function normalisedName(text: string): string {
  let s = text;
  if (NON_ASCII.test(s)) {
    s = s
      .replace(UNDECOMPOSED_CHARS, (c) => UNDECOMPOSED[c] ?? ' ')
      .normalize('NFKD')
      .replace(MARKS, '');
  }
  return s.toLowerCase().replace(NOT_ALPHANUMERIC, ' ').trim();
}

/** The normalised name's words that are not generic, or all of them when none is left; null when it has none. */
export function essentialName(text: string | null): string | null {
  if (text === null) return null;
  const normalised = normalisedName(text);
  if (normalised === '') return null;
  const words = normalised.split(' ').filter((w) => !GENERIC.has(w));
  return words.length > 0 ? words.join(' ') : normalised;
}

/** The distinct essential words of a name, sorted (byte order), joined by a space; null when it has none. */
export function nameKey(text: string | null): string | null {
  return keyOfEssential(essentialName(text));
}

/** The key of a name already in its essential form. */
function keyOfEssential(essential: string | null): string | null {
  return essential === null ? null : sortedDistinct(essential.split(' ')).join(' ');
}

/** The derived columns of a row of the search table, from its names. */
export interface NameForms {
  /** The essential form of the denomination. */
  nom_essentiel: string | null;
  /** The essential form of the other names (sigle, usual names) read as one text. */
  autres_essentiels: string | null;
  /** The key of every name (denomination and others), distinct, sorted. */
  cles: string[];
  /** Every essential word of the names, distinct, sorted. */
  mots: string[];
}

export function nameForms(denomination: string | null, others: readonly string[]): NameForms {
  const nom = essentialName(denomination);
  const autres = essentialName(others.join(' '));
  // The denomination's key from its essential form, computed once above.
  const keys: string[] = [];
  for (const key of [keyOfEssential(nom), ...others.map(nameKey)]) if (key !== null) keys.push(key);
  const words = [...(nom?.split(' ') ?? []), ...(autres?.split(' ') ?? [])];
  return {
    nom_essentiel: nom,
    autres_essentiels: autres,
    cles: sortedDistinct(keys),
    mots: sortedDistinct(words),
  };
}

/** Distinct non-empty strings in byte order (the names' forms are ASCII: code unit order is byte order). */
function sortedDistinct(values: readonly string[]): string[] {
  return [...new Set(values)].filter((v) => v !== '').sort();
}
