import { distance } from 'fastest-levenshtein';
import type { ProfileMatch } from '../../schemas/europe/euProfileRow.ts';

/** Lower case, accents and punctuation removed, single spaces. */
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * How well a name a live register found matches the query: 1 when equal once folded, else 1 − edit distance /
 * longer length, and at least 0.9 when the name contains the query (live registers match names that contain
 * the words asked). Capped at 0.99 below an exact match.
 */
export function nameMatchScore(
  q: string,
  name: string | null,
): Pick<ProfileMatch, 'score' | 'correspondance'> {
  const a = folded(q);
  const b = folded(name ?? '');
  if (a === b) return { score: 1, correspondance: 'denomination_exacte' };
  const longer = Math.max(a.length, b.length) || 1;
  const direct = 1 - distance(a, b) / longer;
  const contains = b.includes(a) ? 0.9 : 0;
  return {
    score: Math.max(0, Math.min(0.99, Math.max(direct, contains))),
    correspondance: 'denomination_approchee',
  };
}
