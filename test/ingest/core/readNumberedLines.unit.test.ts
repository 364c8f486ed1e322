import { Readable } from 'node:stream';
import { expect } from 'chai';
import { readNumberedLines } from '../../../ingest/core/readNumberedLines.ts';

/** The text cut into chunks of `size` bytes (a `\r\n` or a character may be split between two chunks). */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
}

async function readAll(stream: Readable): Promise<[string, number][]> {
  const out: [string, number][] = [];
  for await (const { text, line } of readNumberedLines(stream)) out.push([text, line]);
  return out;
}

describe('lines of a text file with their physical numbers (unit)', () => {
  const TEXT = 'en-tête\r\nÅkeri\n\r\nun\rdeux\r\nfin';

  it('splits as readline does and numbers lines as sed does: a lone \\r splits, only \\n counts', async () => {
    expect(await readAll(chunked(TEXT, 1 << 16))).to.deep.equal([
      ['en-tête', 1],
      ['Åkeri', 2],
      ['', 3],
      ['un', 4],
      ['deux', 4],
      ['fin', 5],
    ]);
  });

  it('reads the same lines whatever the chunks, a \\r\\n split between two included', async () => {
    const whole = await readAll(chunked(TEXT, 1 << 16));
    for (const size of [1, 2, 3, 5, 8]) {
      expect(await readAll(chunked(TEXT, size)), `chunks of ${size} bytes`).to.deep.equal(whole);
    }
  });

  it('a line end at the end of the file adds no empty line', async () => {
    expect(await readAll(chunked('a\nb\r\n', 2))).to.deep.equal([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
