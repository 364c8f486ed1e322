import { Readable } from 'node:stream';
import { expect } from 'chai';
import iconv from 'iconv-lite';
import { readDelimitedNumbered } from '../../../ingest/core/readDelimited.ts';

async function read(stream: Readable, delimiter: string) {
  const out: { record: Record<string, string | null>; number: number; line: number }[] = [];
  for await (const r of readDelimitedNumbered(stream, { delimiter })) out.push(r);
  return out;
}

describe('Delimited files keyed by their header (one CSV parser: PapaParse)', () => {
  it('reads a ; file by column name, empty fields null, record numbers counting the header', async () => {
    const text = '\ufeffid ; nom;ville\nW1;"A;B";\n\nW2;C;Paris\n';
    const rows = await read(Readable.from([Buffer.from(text)]), ';');
    expect(rows).to.deep.equal([
      { record: { id: 'W1', nom: 'A;B', ville: null }, number: 2, line: 2 },
      { record: { id: 'W2', nom: 'C', ville: 'Paris' }, number: 4, line: 4 },
    ]);
  });

  it('a record after one whose quoted field holds a line break keeps its number and its physical line', async () => {
    const text = 'id;nom\nW1;"DEUX\nLIGNES"\nW2;C\n';
    const rows = await read(Readable.from([Buffer.from(text)]), ';');
    expect(rows.map((r) => [r.record.id, r.number, r.line])).to.deep.equal([
      ['W1', 2, 2],
      ['W2', 3, 4],
    ]);
  });

  it('reads text already decoded (a Latin-1 file through iconv), short and long rows mapped by name', async () => {
    const latin1 = iconv.encode('id;titre\nW1;Société\nW2\nW3;x;surplus\n', 'latin1');
    const stream = Readable.from([latin1]).pipe(iconv.decodeStream('latin1')) as unknown as Readable;
    const rows = (await read(stream, ';')).map((r) => r.record);
    expect(rows).to.deep.equal([{ id: 'W1', titre: 'Société' }, { id: 'W2' }, { id: 'W3', titre: 'x' }]);
  });

  it('a header the caller refuses stops the file', async () => {
    const stream = Readable.from([Buffer.from('a;b\n1;2\n')]);
    const reading = (async () => {
      for await (const _ of readDelimitedNumbered(stream, {
        delimiter: ';',
        onHeader: () => {
          throw new Error('not this file');
        },
      }));
    })();
    await reading.then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.equal('not this file'),
    );
  });
});
