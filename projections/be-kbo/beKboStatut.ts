import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/**
 * KBO `JuridicalSituation` codes (code.csv, category JuridicalSituation) that end the legal person: closed
 * liquidation or bankruptcy, merged or split into others, struck off, cancelled, stopped.
 */
const ENDED = new Set([
  '006',
  '014',
  '015',
  '018',
  '019',
  '021',
  '022',
  '023',
  '024',
  '025',
  '026',
  '051',
  '052',
  '053',
  '111',
  '999',
]);
/** Codes of a legal person being wound up: dissolution, liquidation, bankruptcy opened. */
const WINDING_UP = new Set(['010', '011', '012', '013', '048', '049', '050', '112']);

/**
 * `statut` from the enterprise's `Status` (`AC` active; the open data publishes no other) and its
 * `JuridicalSituation`. Judicial reorganisation and composition (030, 031, 040–043, 091) protect a company
 * that keeps trading: `actif`, with the source's label in `statut_detail`.
 */
export function beKboStatut(
  status: string | null | undefined,
  situation: string | null | undefined,
): EuStatut | null {
  if (situation && ENDED.has(situation)) return 'radie';
  if (situation && WINDING_UP.has(situation)) return 'en_cessation';
  if (status === 'AC') return 'actif';
  return status ? 'radie' : null;
}
