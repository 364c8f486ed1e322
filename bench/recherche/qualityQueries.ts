import { mulberry32 as random } from '../core/mulberry32.ts';
/**
 * Queries of the search-quality evaluation, made from real company names (the Sirene sample) as people type
 * them: each category one way of getting a name wrong, generated deterministically (seeded) so that two runs
 * compare the same queries.
 */
export interface NamedCompany {
  siren: string;
  denomination: string;
  sigle: string | null;
  commune: string | null;
}

export interface QualityQuery {
  category: string;
  q: string;
  /** The company sought (a company of the same name counts as found too: names are not unique). */
  expected: NamedCompany;
}

export const CATEGORIES = [
  'nom exact',
  'ordre des mots',
  'casse',
  'accents',
  'sigle',
  'sans forme juridique',
  'lettres inversées (un mot)',
  'deux mots mal orthographiés',
  'nom + ville (2 mots ou plus)',
] as const;

const LEGAL_FORMS = new Set(['SARL', 'SAS', 'SA', 'SASU', 'EURL', 'SCI', 'SNC', 'SOCIETE', 'STE', 'ETS']);

const words = (s: string) => s.split(/\s+/).filter((w) => w !== '');

/** Swaps two adjacent letters inside the word (never the first letter). */
function swapAdjacent(word: string, rnd: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  return `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
}

/** One typo: a letter dropped, doubled or replaced by its neighbour on the keyboard row. */
function misspell(word: string, rnd: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const op = rnd();
  if (op < 0.34) return word.slice(0, i) + word.slice(i + 1);
  if (op < 0.67) return word.slice(0, i) + word[i] + word.slice(i);
  const row = 'AZERTYUIOPQSDFGHJKLMWXCVBN';
  const k = row.indexOf(word[i]!.toUpperCase());
  const near = k >= 0 ? row[(k + 1) % row.length]! : 'E';
  return word.slice(0, i) + near + word.slice(i + 1);
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const ACCENTED: Record<string, string> = { E: 'É', A: 'À', U: 'Ù', I: 'Î', O: 'Ô', C: 'Ç' };

/** Every category a name lends itself to, at most one query per category and company. */
export function qualityQueries(companies: readonly NamedCompany[], seed = 20261125): QualityQuery[] {
  const rnd = random(seed);
  const out: QualityQuery[] = [];
  for (const c of companies) {
    const w = words(c.denomination);
    const add = (category: (typeof CATEGORIES)[number], q: string) => {
      if (q.trim() !== '' && q !== '') out.push({ category, q, expected: c });
    };
    add('nom exact', c.denomination);
    if (w.length >= 2) add('ordre des mots', [...w.slice(1), w[0]!].join(' '));
    add('casse', c.denomination.toLowerCase());
    const plain = stripAccents(c.denomination);
    if (plain !== c.denomination) add('accents', plain);
    else {
      const i = c.denomination.search(/[EAUIOC]/);
      if (i > 0)
        add(
          'accents',
          c.denomination.slice(0, i) + ACCENTED[c.denomination[i]!] + c.denomination.slice(i + 1),
        );
    }
    if (c.sigle && c.sigle.length >= 3) add('sigle', c.sigle);
    const bare = w.filter((x) => !LEGAL_FORMS.has(x.toUpperCase()));
    if (bare.length > 0 && bare.length < w.length) add('sans forme juridique', bare.join(' '));
    const long = w.filter((x) => x.length >= 5);
    if (w.length === 1 && w[0]!.length >= 5) add('lettres inversées (un mot)', swapAdjacent(w[0]!, rnd));
    if (long.length >= 2) {
      const [a, b] = [long[0]!, long[1]!];
      add('deux mots mal orthographiés', w.map((x) => (x === a || x === b ? misspell(x, rnd) : x)).join(' '));
    }
    if (c.commune && words(c.commune.replaceAll('-', ' ')).length >= 2)
      add('nom + ville (2 mots ou plus)', `${c.denomination} ${c.commune}`);
  }
  return out;
}
