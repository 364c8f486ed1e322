import { Readable } from 'node:stream';
import { expect } from 'chai';
import { readCaretFile } from '../../../ingest/ro-onrc/readCaretFile.ts';

async function read(text: string) {
  const setAside: number[] = [];
  const rows = [];
  const lines: number[] = [];
  for await (const r of readCaretFile(Readable.from([Buffer.from(text, 'utf8')]), {
    onSetAside: (n) => setAside.push(n),
  })) {
    rows.push(r.record);
    lines.push(r.line);
  }
  return { rows, setAside, lines };
}

describe('ONRC ^-separated files are read with quoting off (unit)', () => {
  it('a byte order mark and CRLF line ends are dropped, empty fields are null', async () => {
    const { rows } = await read('\uFEFFDENUMIRE^CUI^WEB\r\nA SRL^123^\r\n');
    expect(rows).to.deep.equal([{ DENUMIRE: 'A SRL', CUI: '123', WEB: null }]);
  });

  it('a name opening with a quote keeps it, and an unclosed quote does not swallow the next lines', async () => {
    const { rows } = await read(
      'DENUMIRE^CUI\r\n"LEMN EXEMPLU" SRL^1\r\n" CARDIO EXEMPLU SRL^2\r\nCAMPING EXEMPLU S.R.L.^3\r\n',
    );
    expect(rows.map((r) => r.DENUMIRE)).to.deep.equal([
      '"LEMN EXEMPLU" SRL',
      '" CARDIO EXEMPLU SRL',
      'CAMPING EXEMPLU S.R.L.',
    ]);
    expect(rows.map((r) => r.CUI)).to.deep.equal(['1', '2', '3']);
  });

  it('a line whose field count is not the header’s is set aside by number, the others are read', async () => {
    const { rows, setAside } = await read('A^B^C\n1^2^3\n1^2\n\n4^5^6\n');
    expect(rows).to.have.length(2);
    expect(setAside).to.deep.equal([3]);
  });

  it('each record comes with its physical line, lines set aside and blank ones counted', async () => {
    const { lines } = await read('\uFEFFA^B^C\r\n1^2^3\r\n1^2\r\n\r\n4^5^6\r\n');
    expect(lines).to.deep.equal([2, 5]);
  });
});
