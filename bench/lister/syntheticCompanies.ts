import type { ExerciceRow } from '../../projections/fr-entreprises-liste/exerciceRows.ts';
import type { SiegeRow, UniteRow } from '../../projections/fr-entreprises-liste/sireneRows.ts';
import { mulberry32 } from '../core/mulberry32.ts';

/**
 * Synthetic companies for the list benchmark, shaped like the real stock (deterministic: a seeded PRNG).
 * Distributions are rough orders of magnitude of Sirene legal persons, not statistics: about 75 % active,
 * départements weighted towards the big ones (Paris 8 %), ~600 activity codes of which 50 common ones take
 * 60 % of companies, SAS/SARL/SCI first, 45 % with published accounts (turnover log-normal, median ~400 k€,
 * 20 % filed partially confidential so turnover is withheld).
 */
export interface CompanyBatch {
  unites: UniteRow[];
  sieges: SiegeRow[];
  exercices: ExerciceRow[];
}

function weighted<T>(entries: readonly [T, number][]): (r: number) => T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  return (r) => {
    let x = r * total;
    for (const [v, w] of entries) {
      x -= w;
      if (x < 0) return v;
    }
    return entries[entries.length - 1]![0];
  };
}

const BIG_DEPTS: [string, number][] = [
  ['75', 8],
  ['92', 4],
  ['69', 3.5],
  ['13', 3.5],
  ['59', 3],
  ['33', 2.5],
  ['31', 2.5],
  ['06', 2.5],
  ['44', 2],
  ['93', 2],
  ['94', 2],
  ['78', 1.8],
  ['34', 1.8],
  ['67', 1.6],
  ['91', 1.5],
  ['95', 1.5],
  ['77', 1.5],
  ['35', 1.4],
  ['38', 1.4],
  ['83', 1.4],
  ['2A', 0.3],
  ['2B', 0.3],
  ['971', 0.5],
  ['972', 0.5],
  ['973', 0.2],
  ['974', 0.9],
  ['976', 0.2],
];
const OTHER_DEPTS = Array.from({ length: 95 }, (_, i) => String(i + 1).padStart(2, '0')).filter(
  (d) => d !== '20' && !BIG_DEPTS.some(([b]) => b === d),
);
const pickDept = weighted<string>([...BIG_DEPTS, ...OTHER_DEPTS.map((d): [string, number] => [d, 0.55])]);

const COMMON_NAF = [
  '62.01Z',
  '62.02A',
  '70.22Z',
  '68.20B',
  '68.20A',
  '64.20Z',
  '47.11B',
  '47.11D',
  '47.19B',
  '56.10A',
  '56.10C',
  '43.21A',
  '43.22A',
  '43.31Z',
  '43.39Z',
  '41.20A',
  '41.10A',
  '45.11Z',
  '46.90Z',
  '46.69B',
  '49.41A',
  '69.10Z',
  '69.20Z',
  '71.12B',
  '73.11Z',
  '74.90B',
  '81.21Z',
  '85.59A',
  '86.21Z',
  '86.90D',
  '96.02A',
  '10.71C',
  '25.62B',
  '33.12Z',
  '52.29A',
  '55.10Z',
  '58.29C',
  '63.11Z',
  '66.22Z',
  '77.11A',
  '82.11Z',
  '90.01Z',
  '93.12Z',
  '94.99Z',
  '01.11Z',
  '01.21Z',
  '35.11Z',
  '38.11Z',
  '42.11Z',
  '16.23Z',
];
const LETTERS = 'ABCZ';

const pickForme = weighted<string>([
  ['5710', 30],
  ['5499', 28],
  ['6540', 18],
  ['5498', 8],
  ['5720', 8],
  ['9220', 5],
  ['5599', 2],
  ['6316', 1],
]);
const pickTranche = weighted<string | null>([
  ['NN', 45],
  ['00', 15],
  ['01', 12],
  ['02', 8],
  ['03', 6],
  ['11', 5],
  ['12', 4],
  ['21', 2],
  ['22', 1.5],
  ['31', 0.6],
  ['32', 0.4],
  ['41', 0.2],
  ['42', 0.1],
  ['51', 0.05],
  ['52', 0.03],
  ['53', 0.02],
  [null, 1],
]);
const pickCategorie = weighted<string | null>([
  ['PME', 60],
  ['ETI', 0.5],
  ['GE', 0.05],
  [null, 39.45],
]);

/** The siren of the n-th company: 9 digits (the Luhn key is irrelevant to the list's queries). */
export function sirenOf(n: number): string {
  return String(100_000_000 + n * 7).padStart(9, '0');
}

function gaussian(r: () => number): number {
  return Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
}

function isoDate(year: number, dayOfYear: number): string {
  return new Date(Date.UTC(year, 0, 1 + dayOfYear)).toISOString().slice(0, 10);
}

function postalOf(dept: string, r: () => number): string {
  const tail = (n: number, width: number) => String(Math.floor(r() * n)).padStart(width, '0');
  if (dept === '2A') return `20${tail(2, 1)}${tail(100, 2)}`;
  if (dept === '2B') return `202${tail(100, 2)}`;
  if (dept.length === 3) return `${dept}${tail(100, 2)}`;
  return `${dept}${tail(1000, 3)}`;
}

/** Companies `from` to `from + count - 1`, the same for the same numbers. */
export function companies(from: number, count: number, snapshotDate: string): CompanyBatch {
  const batch: CompanyBatch = { unites: [], sieges: [], exercices: [] };
  for (let n = from; n < from + count; n++) {
    const r = mulberry32(n * 2654435761);
    const siren = sirenOf(n);
    const naf =
      r() < 0.6
        ? COMMON_NAF[Math.floor(r() * COMMON_NAF.length)]!
        : `${String(1 + Math.floor(r() * 98)).padStart(2, '0')}.${Math.floor(r() * 10)}${Math.floor(r() * 10)}${LETTERS[Math.floor(r() * 4)]}`;
    const year = 2025 - Math.floor(Math.abs(gaussian(r)) * 18);
    batch.unites.push({
      siren,
      denomination: `SOCIETE SYNTHETIQUE ${n}`,
      etat: r() < 0.75 ? 'A' : 'C',
      categorie_juridique: pickForme(r()),
      naf,
      tranche_effectifs: pickTranche(r()),
      date_creation: isoDate(Math.max(1950, year), Math.floor(r() * 365)),
      categorie_entreprise: pickCategorie(r()),
      statut_diffusion: 'O',
      nic_siege: '00010',
    });
    if (r() < 0.97) {
      const dept = pickDept(r());
      batch.sieges.push({
        siret: `${siren}00010`,
        siren,
        code_postal: postalOf(dept, r),
        commune: `COMMUNE ${dept}-${Math.floor(r() * 300)}`,
        code_commune: null,
        departement: dept,
      });
    }
    if (r() < 0.45) {
      const ca = Math.round(Math.exp(12.9 + 1.6 * gaussian(r)));
      const confidential = r() < 0.2;
      batch.exercices.push({
        siren,
        date_cloture: isoDate(2021 + Math.floor(r() * 4), r() < 0.8 ? 364 : Math.floor(r() * 365)),
        type_bilan: r() < 0.7 ? 'C' : 'S',
        date_photo: snapshotDate,
        confidentialite: confidential ? 'Partiellement confidentiel' : 'Public',
        ca: confidential ? null : ca,
        resultat_net: Math.round(ca * (0.04 + 0.08 * gaussian(r))),
        ebe: confidential ? null : Math.round(ca * (0.08 + 0.06 * gaussian(r))),
        bfr_sur_ca: confidential ? null : Math.round((15 + 25 * gaussian(r)) * 1000) / 1000,
      });
    }
  }
  return batch;
}
