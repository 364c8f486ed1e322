import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { parser } from 'stream-json';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { type JsonPath, jsonValuesAt, quoteNumbers } from '../../../ingest/core/jsonValuesAt.ts';
import { DECP_2019, DECP_2024 } from '../fr-decp/decpFixtures.ts';

const RGE_DEMO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../ingest/fr-rge/demo/rge.json',
);
const CONTRACT = /^marches\.(\d+|marche\.\d+|contrat-concession\.\d+)$/;
const contracts = (p: JsonPath) => CONTRACT.test(p.join('.'));

/** The text's UTF-8 bytes in chunks of `size`: every value, key, escape and accented letter cut somewhere. */
const inChunks = (text: string, size: number) => {
  const bytes = Buffer.from(text, 'utf8');
  return Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );
};

async function valuesOf(input: Readable, wanted: (p: JsonPath) => boolean, numbersAsText = true) {
  const out: unknown[] = [];
  for await (const { value } of jsonValuesAt(input, wanted, { numbersAsText })) out.push(value);
  return out;
}

/** What the token stream of stream-json gives for the same paths (the reader of before). */
async function tokenStreamValues(
  file: string,
  filter: RegExp,
  numberAsString: boolean,
  jsonStreaming = false,
) {
  const out: unknown[] = [];
  const values = (await import('node:fs'))
    .createReadStream(file)
    .pipe(parser.asStream({ jsonStreaming }))
    .pipe(pick.asStream({ filter }))
    .pipe(streamValues.asStream({ numberAsString }));
  for await (const { value } of values as AsyncIterable<{ value: unknown }>) out.push(value);
  return out;
}

describe('jsonValuesAt: the values at some paths of a JSON document, streamed', () => {
  for (const [name, file] of [
    ['2019', DECP_2019],
    ['2024', DECP_2024],
  ] as const) {
    it(`reads the DECP ${name} file's contracts as the token stream did, numbers as their text`, async () => {
      const text = await fs.readFile(file, 'utf8');
      const ours = await valuesOf(Readable.from([text]), contracts);
      expect(ours).to.have.length.greaterThan(1);
      expect(ours).to.deep.equal(await tokenStreamValues(file, CONTRACT, true));
    });
  }

  it('gives the same values whatever the chunks the text comes in', async () => {
    const text = await fs.readFile(DECP_2024, 'utf8');
    const whole = await valuesOf(Readable.from([text]), contracts);
    for (const size of [1, 2, 3, 7, 64])
      expect(await valuesOf(inChunks(text, size), contracts)).to.deep.equal(whole);
  });

  it('reads documents written one after the other, numbers as numbers when asked', async () => {
    const filter = /^(\d+\.)?results\.\d+$/;
    const ours = await valuesOf(
      (await import('node:fs')).createReadStream(RGE_DEMO),
      (p) => filter.test(p.join('.')),
      false,
    );
    expect(ours).to.have.length(5);
    expect(ours).to.deep.equal(await tokenStreamValues(RGE_DEMO, filter, false, true));
    const pages = '{"total":2,"results":[{"a":1.5}]}\n{"total":2,"results":[{"a":"x\\"]"}]}';
    expect(await valuesOf(inChunks(pages, 5), (p) => filter.test(p.join('.')), false)).to.deep.equal([
      { a: 1.5 },
      { a: 'x"]' },
    ]);
  });

  it('ends a string at its first unescaped quote, whatever the backslashes before it', async () => {
    // "a\\" ends after two backslashes (one escaped backslash); "b\\\"c" holds an escaped quote.
    const text = '{"marches":[{"id":"a\\\\","objet":"b\\\\\\"c\\\\","n":1.50}]}';
    const expected = [{ id: 'a\\', objet: 'b\\"c\\', n: '1.50' }];
    expect(JSON.parse(text).marches[0]).to.deep.equal({ id: 'a\\', objet: 'b\\"c\\', n: 1.5 });
    for (const size of [1, 2, 3, 1000])
      expect(await valuesOf(inChunks(text, size), contracts)).to.deep.equal(expected);
  });

  it('keeps a number as written: trailing zeros, exponent, sign', () => {
    expect(JSON.parse(quoteNumbers('{"a":137614.0,"b":[1.0e17,-3],"c":"4.0","d":true}'))).to.deep.equal({
      a: '137614.0',
      b: ['1.0e17', '-3'],
      c: '4.0',
      d: true,
    });
  });

  it('drops a byte order mark and refuses a document cut short', async () => {
    expect(await valuesOf(Readable.from(['\ufeff{"marches":[{"id":"1"}]}']), contracts)).to.deep.equal([
      { id: '1' },
    ]);
    let error: unknown = null;
    try {
      await valuesOf(Readable.from(['{"marches":[{"id":"1"},{"id":']), contracts);
    } catch (err) {
      error = err;
    }
    expect(String(error)).to.match(/not JSON/);
  });
});
