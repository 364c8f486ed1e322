import type { EuStatut } from '../../schemas/europe/euStatut.ts';

/** The insolvency family of a status code: restructuring (a rescue) or bankruptcy. */
export type LtInsolvencyFamily = 'restructuration' | 'faillite';

interface LtStatusCode {
  statut: EuStatut;
  insolvabilite?: LtInsolvencyFamily;
}

/**
 * `stat_kodas` of the register, from the status code list (`stat_kodas|stat_pavadinimas|stat_name`; labels as a
 * public reuser lists them, FORMATS-MORE.md §4; the data file abbreviates some, e.g. `Teisinis stat
 * neįregistruotas`, which is why the served `statut_detail` is the row's own label, never this list's):
 * - `actif`: 0 no legal status registered (the normal case); 2 taking part in a reorganisation (the company
 *   that remains); 3 being transformed (same code, another form); 4 restructuring (a court rescue, trading
 *   goes on); 8 taking part in a separation; 16–20 and 25 forming a European company or moving a seat; 22,
 *   24, 28 taking part in a cross-border merger; 29 cross-border transformation;
 * - `en_cessation`: 1 being reorganised (it will be dissolved); 5 and 13 under bankruptcy; 6 bankrupt; 7 in
 *   liquidation; 9 liquidation initiated; 12 not re-registered as the law required; 21, 23, 27 being merged
 *   across borders; 26 in liquidation because of bankruptcy; 30 divided across borders;
 * - `radie`: 10 deregistered; 11 liquidated.
 * Insolvency (the `insolvabilite` route): 4 restructuring; 5, 6, 13 and 26 bankruptcy.
 * A code outside this list has no `statut` (null), its label still served.
 */
const CODES: Record<string, LtStatusCode> = {
  '0': { statut: 'actif' },
  '1': { statut: 'en_cessation' },
  '2': { statut: 'actif' },
  '3': { statut: 'actif' },
  '4': { statut: 'actif', insolvabilite: 'restructuration' },
  '5': { statut: 'en_cessation', insolvabilite: 'faillite' },
  '6': { statut: 'en_cessation', insolvabilite: 'faillite' },
  '7': { statut: 'en_cessation' },
  '8': { statut: 'actif' },
  '9': { statut: 'en_cessation' },
  '10': { statut: 'radie' },
  '11': { statut: 'radie' },
  '12': { statut: 'en_cessation' },
  '13': { statut: 'en_cessation', insolvabilite: 'faillite' },
  '16': { statut: 'actif' },
  '17': { statut: 'actif' },
  '18': { statut: 'actif' },
  '19': { statut: 'actif' },
  '20': { statut: 'actif' },
  '21': { statut: 'en_cessation' },
  '22': { statut: 'actif' },
  '23': { statut: 'en_cessation' },
  '24': { statut: 'actif' },
  '25': { statut: 'actif' },
  '26': { statut: 'en_cessation', insolvabilite: 'faillite' },
  '27': { statut: 'en_cessation' },
  '28': { statut: 'actif' },
  '29': { statut: 'actif' },
  '30': { statut: 'en_cessation' },
};

export function ltJarStatusCode(code: string | null): LtStatusCode | null {
  return code === null ? null : (CODES[code.trim()] ?? null);
}
