import { Readable } from 'node:stream';
import { expect } from 'chai';
import { CsvSyntaxError, readCsvBatches, readCsvRows } from '../../../ingest/core/readCsvRows.ts';

/** The text cut into chunks of `size` bytes (multi-byte characters may be split between two chunks). */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

async function readAll(stream: Readable): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of readCsvRows(stream)) rows.push(...batch);
  return rows;
}

const TRICKY =
  '\ufeffsiren,denomination,commune\r\n' +
  '552100554,"LE ""GRAND"" CAFE, SARL",PARIS\r\n' +
  '005420021,"DEUX\r\nLIGNES",,\r\n'.replace(',,\r\n', ',SAINT-ÉTIENNE\r\n') +
  '356000000,,"ÎLE-D\'YEU"\r\n';

const EXPECTED = [
  ['siren', 'denomination', 'commune'],
  ['552100554', 'LE "GRAND" CAFE, SARL', 'PARIS'],
  ['005420021', 'DEUX\r\nLIGNES', 'SAINT-ÉTIENNE'],
  ['356000000', '', "ÎLE-D'YEU"],
];

describe('reading CSV records (RFC 4180)', () => {
  it('reads quoted separators, doubled quotes, line breaks in a field, and drops the byte order mark', async () => {
    expect(await readAll(chunked(TRICKY, 1 << 16))).to.deep.equal(EXPECTED);
  });

  it('reads the same records whatever the chunk boundaries, inside quotes and characters included', async () => {
    for (const size of [1, 2, 3, 5, 7, 11, 64]) {
      expect(await readAll(chunked(TRICKY, size)), `chunks of ${size} bytes`).to.deep.equal(EXPECTED);
    }
  });

  it('gives each record the physical line it starts on, after a field holding a line break too', async () => {
    for (const size of [1, 2, 3, 5, 64, 1 << 16]) {
      const lines: number[] = [];
      for await (const batch of readCsvBatches(chunked(TRICKY, size))) lines.push(...batch.lines);
      // The third record spans lines 3 and 4 (its field holds a CRLF): the fourth starts on 5.
      expect(lines, `chunks of ${size} bytes`).to.deep.equal([1, 2, 3, 5]);
    }
  });

  it('reads a last record without a final line break', async () => {
    expect(await readAll(chunked('a,b\n1,2', 3))).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a quote left open at the end of the file', async () => {
    const error = await readAll(chunked('a,b\n1,"open\n', 4)).catch((err: unknown) => err);
    expect(error).to.be.instanceOf(CsvSyntaxError);
    expect((error as Error).message).to.match(/unterminated/i);
  });
});
