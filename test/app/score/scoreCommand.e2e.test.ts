import fs from 'node:fs/promises';
import { expect } from 'chai';
import { scoreEvaluateCommand, scoreTrainCommand } from '../../../app/cli/commands/score.ts';
import { modelFileOf } from '../../../app/score/modelFile.ts';
import { loadArtefact } from '../../../app/score/scoreArtefact.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

/**
 * `registres score train|evaluate` on the demo's real rows (Sirene sample, real BODACC notices): one company
 * of the training side has a receivership opened on 2025-03-05, none of the test side fails.
 */
describe(`score train and evaluate commands (${targetDescription})`, function () {
  this.timeout(180_000);
  let t: RunningService;
  let lines: string[];
  const ctx = (): CliContext => ({
    config: loadConfig({ DATA_DIR: t.dataDir }),
    logger: testLogger,
    out: (line) => lines.push(line),
    withDatabase: (fn) => fn(t.db, t.service.store),
  });
  const run = async (command: typeof scoreTrainCommand, ...args: string[]) => {
    lines = [];
    return command(args, ctx());
  };

  before(async () => {
    t = await startDemoService({ payment: false, demo: ['fr.sirene', 'fr.bodacc'] });
  });
  after(async () => {
    await t?.stop();
  });

  it('refuses a window with no failure in one line, exit code 1, and writes nothing', async () => {
    expect(await run(scoreTrainCommand, '--train-date', '2020-01-01', '--epochs', '5')).to.equal(1);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^score train refused: the window 2020-01-01 → 2021-01-01 holds no failure/);
    await fs.access(modelFileOf(t.dataDir)).then(
      () => expect.fail('a model was written'),
      () => {},
    );
  });

  it('refuses a window with too few rows', async () => {
    expect(await run(scoreTrainCommand, '--train-date', '1950-01-01')).to.equal(1);
    expect(lines).to.deep.equal([
      'score train refused: the window 1950-01-01 → 1951-01-01 has 0 training companies, fewer than 20',
    ]);
  });

  it('refuses a test window before the training one, and a malformed date', async () => {
    expect(await run(scoreTrainCommand, '--train-date', '2024-12-01', '--test-date', '2024-01-01')).to.equal(
      1,
    );
    expect(await run(scoreTrainCommand, '--train-date', '2024-13-01')).to.equal(1);
    expect(lines[0]).to.equal('score train refused: --train-date 2024-13-01 is not a date YYYY-MM-DD');
    expect(await run(scoreTrainCommand)).to.equal(2);
  });

  it('trains on a window with a failure and writes a versioned artefact', async () => {
    expect(await run(scoreTrainCommand, '--train-date', '2024-12-01', '--epochs', '20')).to.equal(0);
    const artefact = loadArtefact(await fs.readFile(modelFileOf(t.dataDir), 'utf8'));
    expect(lines[0]).to.equal(`model ${artefact.version} written to ${modelFileOf(t.dataDir)}`);
    expect(artefact.report?.train).to.include({ cutoff: '2024-12-01', labelEnd: '2025-12-01', positives: 1 });
    expect(artefact.report?.test.cutoff).to.equal('2025-12-01');
    expect(artefact.dataVersions).to.include({
      'fenetre.entrainement': '2024-12-01',
      'fenetre.test': '2025-12-01',
    });
    expect(artefact.dataVersions['fr.sirene']).to.match(/ sha256:[0-9a-f]{64}$/);
    expect(artefact.params.epochs).to.equal(20);
    const files = await fs.readdir(`${t.dataDir}/score`);
    expect(files).to.deep.equal(['model.json']);
  });

  it('gives another version for other parameters, the same for the same', async () => {
    const versionOf = async () => loadArtefact(await fs.readFile(modelFileOf(t.dataDir), 'utf8')).version;
    await run(scoreTrainCommand, '--train-date', '2024-12-01', '--epochs', '20');
    const first = await versionOf();
    await run(scoreTrainCommand, '--train-date', '2024-12-01', '--epochs', '20');
    expect(await versionOf()).to.equal(first);
    await run(scoreTrainCommand, '--train-date', '2024-12-01', '--epochs', '21');
    expect(await versionOf()).not.to.equal(first);
  });

  it('evaluates the model on its test window: AUC, average precision, calibration by class', async () => {
    expect(await run(scoreEvaluateCommand)).to.equal(0);
    expect(lines[1]).to.match(/^test window 2025-12-01 → 2026-12-01: \d+ companies, 0 failures$/);
    expect(lines[2]).to.equal('AUC n/a (the test window holds no failure)');
    expect(lines.slice(5).map((l) => l.split(/\s+/)[0])).to.deep.equal([
      'sain',
      'a_surveiller',
      'fragile',
      'risque_eleve',
    ]);
  });
});
