import { expect } from 'chai';
import { readSectorMedians } from '../../../api/routes/intelligence/sectorMedians.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { listeProjection } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

/**
 * Rows of the ratios demo (ingest/fr-ratios-inpi-bce/demo/ratios_inpi_bce_demo.csv: their figures, as
 * exerciceRows.ts stores them) laid in the company list's source tables, re-keyed into one NAF division so that
 * a median has several companies to be taken over.
 */
const UNITS = [
  ['005420021', '46.69B'],
  ['005520325', '46.74B'],
  ['005480082', '46.12A'],
  ['005520119', '51.2A'], // an older nomenclature's code: not in division 51 nor 46
  ['005541552', '47.78C'], // another division
  ['005520242', '46.75Z'],
] as const;

// siren, closing, type, export date, confidentiality, turnover, net result, EBITDA, working capital / turnover
type Row = [
  string,
  string,
  string,
  string,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
];
const EXERCICES: Row[] = [
  ['005420021', '2023-12-31', 'C', '2025-06-01', 'Public', 1_250_000, 42_000, 98_000, 12.5],
  ['005420021', '2022-12-31', 'C', '2025-06-01', 'Public', 1_180_000, 35_000, 91_000, 13.1],
  ['005520325', '2023-12-31', 'C', '2025-06-01', 'Public', 5_100_000, 260_000, 480_000, null],
  // The same closing consolidated: the company accounts are the ones taken.
  ['005520325', '2023-12-31', 'K', '2025-06-01', 'Public', 9_000_000, 900_000, 1_800_000, 1],
  ['005480082', '2023-12-31', 'C', '2025-06-01', 'Public', 9_800_000, 120_000, 610_000, 16.0],
  // Partly confidential: turnover withheld (null), so no ratio over it.
  ['005520242', '2023-12-31', 'C', '2025-06-01', 'Partiellement confidentiel', null, -693_623, null, null],
  // A closing after the export that published it: not a qualified exercise.
  ['005520242', '2027-12-31', 'C', '2025-06-01', 'Public', 990_000, 50_000, 80_000, 17.0],
  ['005520119', '2023-12-31', 'C', '2025-06-01', 'Public', 15_000_000, 410_000, 1_200_000, 9.75],
  ['005541552', '2023-12-31', 'S', '2025-06-01', 'Public', 450_000, 9_000, 30_000, 25.0],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

describe(`Sector medians per NAF division from the company list's tables (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({
      projections: [listeProjection],
      routes: [],
      registers: REGISTERS,
      payment: false,
    });
    await t.db.knex('liste_unites').insert(UNITS.map(([siren, naf]) => ({ siren, naf, etat: 'A' })));
    await t.db.knex('liste_exercices').insert(
      EXERCICES.map(
        ([siren, date_cloture, type_bilan, date_photo, confidentialite, ca, resultat_net, ebe, bfr]) => ({
          siren,
          date_cloture,
          type_bilan,
          date_photo,
          confidentialite,
          ca,
          resultat_net,
          ebe,
          bfr_sur_ca: bfr,
        }),
      ),
    );
  });
  after(() => t?.stop());

  it('takes one qualified exercise per company and year, public turnover only, over the division', async () => {
    const years = await readSectorMedians(t.db.knex, '46', { from: 2022, to: 2027 });
    // 2023: 005420021, 005520325 (its C statement), 005480082; not the partly confidential one, nor 51.2A.
    const y2023 = [
      [1_250_000, 42_000, 98_000, 12.5],
      [5_100_000, 260_000, 480_000, null],
      [9_800_000, 120_000, 610_000, 16.0],
    ] as const;
    expect(years).to.deep.equal([
      {
        annee: 2022,
        nombre_entreprises: 1,
        medianes: {
          marge_ebe: round2((100 * 91_000) / 1_180_000),
          marge_nette: round2((100 * 35_000) / 1_180_000),
          bfr_sur_ca: 13.1,
        },
      },
      {
        annee: 2023,
        nombre_entreprises: 3,
        medianes: {
          marge_ebe: round2(median(y2023.map(([ca, , ebe]) => (100 * ebe) / ca))),
          marge_nette: round2(median(y2023.map(([ca, net]) => (100 * net) / ca))),
          // A null ratio is not counted: the median of the two published.
          bfr_sur_ca: median([12.5, 16.0]),
        },
      },
    ]);
  });
});
