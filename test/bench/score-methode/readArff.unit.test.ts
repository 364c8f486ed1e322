import path from 'node:path';
import { expect } from 'chai';
import { parseArff, readArffFile } from '../../../bench/score-methode/readArff.ts';
import { SOURCE_ROOT } from '../../../ops/sourceRoot.ts';

const EXCERPT = path.join(SOURCE_ROOT, 'test/fixtures/polish-bankruptcy/1year-excerpt.arff');

describe('ARFF reading of the Polish bankruptcy files', () => {
  it('reads the real excerpt: 64 ratios, 40 rows, 30 not bankrupt then 10 bankrupt', async () => {
    const table = await readArffFile(EXCERPT);
    expect(table.attributes).to.have.length(64);
    expect(table.attributes[0]).to.equal('net profit / total assets');
    expect(table.rows).to.have.length(40);
    expect(Array.from(table.labels.slice(0, 30))).to.deep.equal(new Array(30).fill(0));
    expect(Array.from(table.labels.slice(30))).to.deep.equal(new Array(10).fill(1));
    expect(table.rows[0]?.[0]).to.equal(0.20055);
  });

  it("reads a '?' as a missing value (NaN), the values around it as numbers", async () => {
    const table = await readArffFile(EXCERPT);
    // the excerpt's second row: 24th ratio missing
    const second = table.rows[1] as Float64Array;
    expect(second[23]).to.be.NaN;
    expect(second[22]).to.equal(0.12304);
    expect(second[24]).to.equal(0.39542);
    const missing = table.rows.reduce((n, row) => n + row.filter(Number.isNaN).length, 0);
    expect(missing).to.be.greaterThan(0);
  });

  it('refuses a file whose last attribute is not a 0/1 class', () => {
    expect(() => parseArff('@relation r\n@attribute a numeric\n@attribute b numeric\n@data\n1,2\n')).to.throw(
      /class/,
    );
  });

  it('refuses a data line with a wrong number of values', () => {
    expect(() => parseArff('@relation r\n@attribute a numeric\n@attribute c {0,1}\n@data\n1,2,0\n')).to.throw(
      /3 values/,
    );
  });
});
