import path from 'node:path';
import { expect } from 'chai';
import { loadArtefact, serialiseArtefact } from '../../../app/score/scoreArtefact.ts';
import { evaluate, predict, train } from '../../../app/score/scoreModel.ts';
import { type ArffTable, readArffFile } from '../../../bench/score-methode/readArff.ts';
import { SOURCE_ROOT } from '../../../ops/sourceRoot.ts';

const EXCERPT = path.join(SOURCE_ROOT, 'test/fixtures/polish-bankruptcy/1year-excerpt.arff');
const FAST = { epochs: 60, learningRate: 0.1, bins: 3 };
const names = (table: ArffTable) => table.attributes.map((_, i) => `Attr${i + 1}`);

describe('score model on the real Polish excerpt', () => {
  let table: ArffTable;
  before(async () => {
    table = await readArffFile(EXCERPT);
  });

  it('ranks the bankrupt firms of its training rows above the others better than chance', async () => {
    const artefact = await train(table.rows, table.labels, names(table), FAST);
    const { auc } = evaluate(artefact, table.rows, table.labels, [0.5]);
    expect(auc).to.be.greaterThan(0.8);
    for (const row of table.rows) expect(predict(artefact, row)).to.be.within(0, 1);
  });

  it('predicts the same after its artefact is serialised and loaded back', async () => {
    const artefact = await train(table.rows, table.labels, names(table), FAST, {
      dataVersions: { '1year': 'x' },
    });
    const loaded = loadArtefact(serialiseArtefact(artefact));
    expect(loaded).to.deep.equal(artefact);
    for (const row of table.rows) expect(predict(loaded, row)).to.equal(predict(artefact, row));
  });

  it('takes another version when a parameter or the data version changes, the same when none does', async () => {
    const base = await train(table.rows, table.labels, names(table), FAST, {
      dataVersions: { '1year': 'a' },
    });
    const again = await train(table.rows, table.labels, names(table), FAST, {
      dataVersions: { '1year': 'a' },
    });
    const otherL2 = await train(
      table.rows,
      table.labels,
      names(table),
      { ...FAST, l2: 0.5 },
      { dataVersions: { '1year': 'a' } },
    );
    const otherData = await train(table.rows, table.labels, names(table), FAST, {
      dataVersions: { '1year': 'b' },
    });
    expect(base.version).to.match(/^[0-9a-f]{64}$/);
    expect(again.version).to.equal(base.version);
    expect(otherL2.version).to.not.equal(base.version);
    expect(otherData.version).to.not.equal(base.version);
  });

  it('refuses to load an artefact whose parameters no longer give its version', async () => {
    const artefact = await train(table.rows, table.labels, names(table), FAST);
    const tampered = JSON.parse(serialiseArtefact(artefact)) as typeof artefact;
    tampered.params.l2 = 42;
    expect(() => loadArtefact(JSON.stringify(tampered))).to.throw(/version/);
  });

  it('refuses rows that do not match the feature names, and labels other than 0 and 1', async () => {
    const error = async (fn: () => Promise<unknown>) =>
      fn().then(
        () => null,
        (err: Error) => err.message,
      );
    expect(await error(() => train([[1, 2]], [1], ['a']))).to.match(/2 values for 1 features/);
    expect(await error(() => train([[1]], [2], ['a']))).to.match(/not 0 or 1/);
  });
});
