import path from 'node:path';
import { expect } from 'chai';
import type { ValuesRow } from '../../../ingest/core/snapshotPass.ts';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../../../ingest/fr-sirene/frSireneColumns.ts';
import {
  emptyFileReport,
  readSireneRows,
  type SireneFileReport,
} from '../../../ingest/fr-sirene/readFrSireneRows.ts';
import { csvText, removeTempDirs, samples, tempDir, writeCsv } from '../../support/sireneFiles.ts';
import { ETABLISSEMENTS_SAMPLE, UNITES_LEGALES_SAMPLE } from '../../support/sireneSample.ts';
import { writeZip } from '../../support/writeZip.ts';

/** Each row with its record as the event store reads it back: the values keyed by the header's names. */
async function readAll(file: string, layout = UNITE_LEGALE_LAYOUT) {
  const report: SireneFileReport = emptyFileReport(file);
  const rows: (ValuesRow & { record: Record<string, string | null> })[] = [];
  for await (const row of readSireneRows(file, layout, report)) {
    const record = Object.fromEntries(report.columns!.map((name, i) => [name, row.values[i]!]));
    rows.push({ ...row, record });
  }
  return { rows, report };
}

/** The 35-column unit header of the current stock (FORMATS.md §1), the sample's rows laid out under it. */
async function currentLayoutUnits() {
  const csv = await samples.unites();
  return { header: [...UNITE_LEGALE_LAYOUT.known], rows: csv.rows.map((r) => ({ ...r })) };
}

describe('reading Sirene stock files', () => {
  after(() => removeTempDirs());

  it('keys each value by its header name, empty cells null, identifiers with their leading zeros', async () => {
    const csv = await samples.unites();
    const { rows, report } = await readAll(UNITES_LEGALES_SAMPLE);
    expect(rows).to.have.length(300);
    expect(report).to.include({ rows: 300, rejected: 0 });
    for (const [i, row] of rows.entries()) {
      const expected = Object.fromEntries(
        Object.entries(csv.rows[i]!).map(([k, v]) => [k, v === '' ? null : v]),
      );
      expect(row.record).to.deep.equal(expected);
      expect(row.id).to.equal(csv.rows[i]!.siren);
    }
    expect(rows[0]!.id).to.equal('000325175');
    expect(rows[0]!.record.nicSiegeUniteLegale).to.equal('00065');
  });

  it('reads the establishments of the 53-column layout by SIRET', async () => {
    const { rows, report } = await readAll(ETABLISSEMENTS_SAMPLE, ETABLISSEMENT_LAYOUT);
    expect(report).to.include({ rows: 299, rejected: 0 });
    expect(rows[0]).to.include({ kind: 'etablissement', id: '00032517500016' });
    expect(rows[0]!.record.codePostalEtablissement).to.equal('98770');
    expect(report.newestProcessedAt).to.equal('2024-03-22T15:40:57');
  });

  it('reads the 35-column layout of December 2025 with no unknown column', async () => {
    const dir = await tempDir();
    const current = await currentLayoutUnits();
    current.rows[0]!.activitePrincipaleNAF25UniteLegale = '32.12Y';
    const file = await writeCsv(dir, 'StockUniteLegale_utf8.csv', current);
    const { rows, report } = await readAll(file);
    expect(report.unknownColumns).to.deep.equal([]);
    expect(rows[0]!.record.activitePrincipaleNAF25UniteLegale).to.equal('32.12Y');
    expect(rows[1]!.record.societeMissionUniteLegale).to.equal(null);
  });

  it('keeps a column it does not know in the record and reports it', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.header.push('nouvelleColonneUniteLegale');
    csv.rows[0]!.nouvelleColonneUniteLegale = 'X1';
    const { rows, report } = await readAll(await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv));
    expect(report.unknownColumns).to.deep.equal(['nouvelleColonneUniteLegale']);
    expect(rows[0]!.record.nouvelleColonneUniteLegale).to.equal('X1');
  });

  it('maps by name whatever the column order', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.header.reverse();
    const { rows } = await readAll(await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv));
    expect(rows[0]!.id).to.equal('000325175');
    expect(rows[0]!.record.categorieJuridiqueUniteLegale).to.equal('1000');
  });

  it('refuses a file missing a required column, naming it, before any row', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.header = csv.header.filter((h) => h !== 'categorieJuridiqueUniteLegale');
    const file = await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv);
    const error = await readAll(file).catch((err: Error) => err);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message)
      .to.contain('categorieJuridiqueUniteLegale')
      .and.contain(file);
  });

  it('parses RFC 4180 quoting: commas and doubled quotes inside a field', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.rows[0]!.denominationUniteLegale = 'LE "GRAND" CAFE, SARL';
    const { rows } = await readAll(await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv));
    expect(rows[0]!.record.denominationUniteLegale).to.equal('LE "GRAND" CAFE, SARL');
  });

  it('sets aside a row whose identifier is malformed and says on which line', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.rows[2]!.siren = '12345';
    const { rows, report } = await readAll(await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv));
    expect(rows).to.have.length(299);
    expect(report).to.include({ rejected: 1 });
    expect(report.rejectedLines).to.deep.equal([4]);
  });

  it('aborts on a row with a wrong number of fields (a damaged or truncated file)', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    const text = `${csvText(csv)}001807254,O,,1972-05-01\n`;
    const file = path.join(dir, 'StockUniteLegale_utf8.csv');
    await (await import('node:fs/promises')).writeFile(file, text);
    const error = await readAll(file).catch((err: Error) => err);
    expect((error as Error).message).to.match(/illisible|unreadable/);
  });

  it('refuses, before any row, a file whose header is no longer the one its pass declared', async () => {
    const dir = await tempDir();
    const csv = await samples.unites();
    csv.header.push('nouvelleColonneUniteLegale');
    const file = await writeCsv(dir, 'StockUniteLegale_utf8.csv', csv);
    const declared = [...(await samples.unites()).header].sort();
    const rows = readSireneRows(file, UNITE_LEGALE_LAYOUT, emptyFileReport(file), declared);
    const error = await rows.next().catch((err: Error) => err);
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.contain('the header changed');
  });

  it('reads the published .zip as it comes', async () => {
    const dir = await tempDir();
    const zip = path.join(dir, 'StockUniteLegale_utf8.zip');
    const fs = await import('node:fs/promises');
    await writeZip(zip, [
      { name: 'StockUniteLegale_utf8.csv', content: await fs.readFile(UNITES_LEGALES_SAMPLE) },
    ]);
    const fromZip = await readAll(zip);
    const fromCsv = await readAll(UNITES_LEGALES_SAMPLE);
    expect(fromZip.rows).to.deep.equal(fromCsv.rows);
  });
});
