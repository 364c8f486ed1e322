import { expect } from 'chai';
import { versionFromFileName, versionFromFileNames } from '../../../ingest/fr-sirene/stockVersion.ts';

describe('Sirene stock version from file names', () => {
  it('takes the date of a dated object-store copy', () => {
    expect(versionFromFileName('/data/2025-11-01-StockUniteLegale_utf8.zip')).to.equal('2025-11-01');
  });

  it('takes the first of the month from a year and month', () => {
    expect(versionFromFileName('StockEtablissement_sample_2024-04.csv')).to.equal('2024-04-01');
  });

  it('finds no date in the plain published names', () => {
    expect(versionFromFileName('StockUniteLegale_utf8.zip')).to.equal(null);
  });

  it('refuses an impossible date rather than guess one', () => {
    expect(versionFromFileName('2025-13-45-StockUniteLegale_utf8.zip')).to.equal(null);
  });

  it('refuses two files of different dates as one snapshot', () => {
    expect(() =>
      versionFromFileNames([
        '2025-11-01-StockUniteLegale_utf8.zip',
        '2025-12-01-StockEtablissement_utf8.zip',
      ]),
    ).to.throw(/--version/);
  });

  it('accepts two files of the same date, or one dated and one not', () => {
    expect(
      versionFromFileNames(['2025-11-01-StockUniteLegale_utf8.zip', 'StockEtablissement_utf8.zip']),
    ).to.equal('2025-11-01');
  });
});
