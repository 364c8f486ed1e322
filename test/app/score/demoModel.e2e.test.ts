import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readScoreBlock } from '../../../api/routes/score/scoreBlock.ts';
import { modelCardOf } from '../../../api/routes/score/scoreModeleRoute.ts';
import { demoWindows, trainDemoModel } from '../../../app/score/demoModel.ts';
import { fileScoreModelSource } from '../../../app/score/fileScoreModelSource.ts';
import { modelAbsenceFileOf, modelFileOf } from '../../../app/score/modelFile.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

/**
 * The demo's model, trained on the demo's real rows (Sirene sample, real BODACC notices): the one failure of
 * the demo (a receivership opened on 2025-03-05) is in the training window of a start in December 2026, in
 * none of a start in 2030.
 */
describe(`score: the demo model (${targetDescription})`, function () {
  this.timeout(180_000);
  let t: RunningService;
  let dir: string;
  const warnings: string[] = [];
  const warn = (_fields: Record<string, unknown>, message: string) => warnings.push(message);

  before(async () => {
    t = await startDemoService({ payment: false, demo: ['fr.sirene', 'fr.bodacc'] });
  });
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-score-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });
  after(async () => {
    await t?.stop();
  });

  it('takes the last complete 12 months as its test window, the 12 before as its training window', () => {
    expect(demoWindows('2026-12-02')).to.deep.equal({ trainDate: '2024-12-02', testDate: '2025-12-02' });
  });

  it('writes a demo model the card says is one, in its first line', async () => {
    const now = new Date('2026-12-02T10:00:00Z');
    expect(await trainDemoModel(t.db.knex, dir, testLogger, now)).to.equal('ecrit');
    const state = await fileScoreModelSource(dir, warn).current();
    expect(state.model).to.not.equal(null);
    const card = modelCardOf(state.model!);
    expect(Object.keys(card)[0]).to.equal('avertissement');
    expect(card.avertissement).to.match(
      /^Modèle de démonstration, entraîné sur les données de démonstration/,
    );
    expect(card).to.include({ demo: true, confiance: 'faible' });
    // A second start keeps the model it finds.
    expect(await trainDemoModel(t.db.knex, dir, testLogger, now)).to.equal('deja_la');
  });

  it('writes no model when the demo windows hold no failure, and the card and the block say so', async () => {
    expect(await trainDemoModel(t.db.knex, dir, testLogger, new Date('2030-01-01T00:00:00Z'))).to.equal(
      'absent',
    );
    await fs.access(modelFileOf(dir)).then(
      () => expect.fail('a model was written'),
      () => {},
    );
    const source = fileScoreModelSource(dir, warn);
    const state = await source.current();
    expect(state.model).to.equal(null);
    const message = (state as { absence: { message: string } }).absence.message;
    expect(message).to.match(
      /^Données de démonstration : aucun modèle de score entraîné, elles ne contiennent aucune défaillance/,
    );
    const block = await readScoreBlock(t.db.knex, '005420120', new Date(), source);
    expect(block.absent).to.deep.equal({ bloc: 'score', raison: 'copie_indisponible', message });
    expect(JSON.parse(await fs.readFile(modelAbsenceFileOf(dir), 'utf8'))).to.include({
      demo: true,
      raison: 'aucune_defaillance',
    });
  });

  it('logs a model file that does not load once, and serves it as absent', async () => {
    await fs.mkdir(path.dirname(modelFileOf(dir)), { recursive: true });
    await fs.writeFile(modelFileOf(dir), '{"format":"something else"}');
    warnings.length = 0;
    const source = fileScoreModelSource(dir, warn);
    expect((await source.current()).model).to.equal(null);
    expect((await source.current()).model).to.equal(null);
    expect(warnings).to.deep.equal(['score model does not load: served as absent']);
  });
});
