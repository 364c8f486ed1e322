import { frenchVatKey } from '../../schemas/params/frenchIdentifier.ts';
import { mulberry32 as random } from '../core/mulberry32.ts';
import { generateCompany } from './generateSearchCompanies.ts';

/** Words a user leaves out when typing a name from memory. */
const GENERIC = new Set([
  'SOCIETE',
  'ETABLISSEMENTS',
  'SARL',
  'SAS',
  'STE',
  'ETS',
  'SCI',
  'ET',
  'DE',
  'DU',
  'DES',
  'LA',
  'LE',
  'LES',
]);

export interface BenchQuery {
  kind: string;
  q: string;
}

function typo(word: string, rnd: () => number): string {
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const op = rnd();
  if (op < 0.33) return `${word.slice(0, i)}${word.slice(i + 1)}`; // dropped letter
  if (op < 0.66) return `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`; // swapped letters
  return `${word.slice(0, i)}e${word.slice(i + 1)}`; // wrong letter
}

const unaccented = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * `count` search texts over the first `rows` generated companies, the mix a user sends: exact names, names
 * with a typo, words reordered in lower case without accents, one or two distinctive words, identifiers
 * (SIREN spaced, SIRET, VAT) and names that match nothing well. Deterministic for (rows, count, seed).
 */
export function searchQueries(rows: number, count: number, seed = 42): BenchQuery[] {
  const rnd = random(seed);
  const queries: BenchQuery[] = [];
  for (let n = 0; n < count; n++) {
    const c = generateCompany(Math.floor(rnd() * rows));
    const words = c.denomination.split(/\s+/);
    const distinctive = words.filter((w) => !GENERIC.has(w));
    const roll = rnd();
    if (roll < 0.25) queries.push({ kind: 'nom exact', q: c.denomination });
    else if (roll < 0.45) {
      const at = Math.floor(rnd() * words.length);
      const long = words.findIndex((w, i) => i >= at && w.length >= 5);
      const k = long >= 0 ? long : words.findIndex((w) => w.length >= 5);
      const typed = words.map((w, i) => (i === k ? typo(w, rnd) : w));
      queries.push({ kind: 'faute de frappe', q: typed.join(' ') });
    } else if (roll < 0.6) {
      queries.push({
        kind: 'mots dans le desordre',
        q: unaccented([...distinctive].reverse().join(' ').toLowerCase()),
      });
    } else if (roll < 0.8) {
      const part = distinctive.slice(0, 1 + Math.floor(rnd() * Math.min(2, distinctive.length)));
      queries.push({ kind: 'nom partiel', q: part.join(' ') });
    } else if (roll < 0.9) {
      const form = rnd();
      const spaced = `${c.siren.slice(0, 3)} ${c.siren.slice(3, 6)} ${c.siren.slice(6)}`;
      if (form < 0.4) queries.push({ kind: 'identifiant', q: `SIREN ${spaced}` });
      else if (form < 0.7) queries.push({ kind: 'identifiant', q: c.siret });
      else
        queries.push({
          kind: 'identifiant',
          q: `FR ${String(frenchVatKey(c.siren)).padStart(2, '0')} ${spaced}`,
        });
    } else {
      const other = generateCompany(Math.floor(rnd() * rows) + rows);
      queries.push({ kind: 'sans correspondance fiable', q: `${other.denomination} ${other.commune}` });
    }
  }
  return queries;
}
