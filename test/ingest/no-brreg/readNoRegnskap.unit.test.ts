import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { type RegnskapSetAside, readNoRegnskap } from '../../../ingest/no-brreg/readNoRegnskap.ts';
import { isValidNoOrgnr } from '../../../schemas/identifiers/noOrgnr.ts';

const fixture = path.resolve(import.meta.dirname, '../../fixtures/no-brreg/regnskap/regnskap.jsonl');

async function read(file: string) {
  const setAside: RegnskapSetAside = { soleTraders: 0, invalidOrgnr: 0 };
  const rows = [];
  for await (const row of readNoRegnskap(setAside)(file)) rows.push(row);
  return { rows, setAside };
}

describe('Regnskapsregisteret: reading a recording of the open API', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'no-regnskap-unit-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, text);
    return f;
  };

  it('keeps each answer as published, sets aside a sole proprietorship and a bad number', async () => {
    const { rows, setAside } = await read(fixture);
    expect(rows.map((r) => [r.id, r.record.status])).to.deep.equal([
      ['810202572', 200],
      ['917082308', 200],
      ['923609016', 200],
      ['984851006', 500],
      ['998543118', 404],
    ]);
    expect(setAside).to.deep.equal({ soleTraders: 1, invalidOrgnr: 1 });
    // biome-ignore lint/suspicious/noExplicitAny: a published answer, checked field by field
    const bortigard = (rows[0]!.record.regnskap as Record<string, any>[])[0]!;
    // brreg's own names, misspellings included, and the amounts as the numbers they are.
    expect(bortigard.regnkapsprinsipper.smaaForetak).to.equal(true);
    expect(bortigard.egenkapitalGjeld.egenkapital.innskuttEgenkapital.sumInnskuttEgenkaptial).to.equal(
      187981,
    );
    expect(rows[3]!.record.melding).to.contain('oppstillingsplan som ikke er stottet (BANK)');
  });

  it('refuses the pass on an HTML page, a fraction, another company’s accounts, a number twice, a 503', async () => {
    const ok = '{"orgnr":"810202572","status":404}';
    const cases: [string, RegExp][] = [
      ['<html><body>Service Unavailable</body></html>', /not a JSON line/],
      [
        '{"orgnr":"810202572","status":200,"body":[{"eiendeler":{"sumEiendeler":12.5}}]}',
        /eiendeler.sumEiendeler is not a whole amount/,
      ],
      [
        '{"orgnr":"810202572","status":200,"body":[{"virksomhet":{"organisasjonsnummer":"917082308"}}]}',
        /accounts of 917082308 recorded under 810202572/,
      ],
      [`${ok}\n${ok}`, /recorded twice/],
      ['{"orgnr":"810202572","status":503}', /status 503 is not a recorded answer/],
    ];
    for (const [i, [text, error]] of cases.entries()) {
      let thrown: unknown = null;
      try {
        await read(file(`case-${i}.jsonl`, text));
      } catch (e) {
        thrown = e;
      }
      expect(String(thrown), text).to.match(error);
    }
  });

  it('an organisation number carries its modulus-11 check digit', () => {
    expect(['810202572', '923609016', '998543118'].map(isValidNoOrgnr)).to.deep.equal([true, true, true]);
    expect(['810202573', '123456789', '99854311', 'abcdefghi'].map(isValidNoOrgnr)).to.deep.equal([
      false,
      false,
      false,
      false,
    ]);
  });
});
