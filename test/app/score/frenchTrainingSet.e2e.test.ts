import { expect } from 'chai';
import { addMonths } from '../../../api/routes/score/scoreDates.ts';
import { readScoreFeatures, SCORE_FEATURES } from '../../../api/routes/score/scoreFeatures.ts';
import { failuresBetween, frenchTrainingSet, splitOf } from '../../../app/score/frenchTrainingSet.ts';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

/**
 * The French training set on the demo's real rows: the Sirene sample's legal units and establishments, and the
 * real BODACC notices of three of them (ingest/fr-sirene/demo, ingest/fr-bodacc/demo, their SOURCE.txt).
 * 005420120 has a receivership opened on 2025-03-05 (notice of 2025-03-07, rectified on 2025-03-14), and a
 * plan adopted on 2025-09-09.
 */
describe('score: the French training set (demo rows)', function () {
  this.timeout(120_000);
  let t: RunningService;
  before(async () => {
    t = await startDemoService({ payment: false, demo: ['fr.sirene', 'fr.bodacc', 'fr.ratios-inpi-bce'] });
  });
  after(async () => {
    await t?.stop();
  });

  const feature = (row: Float64Array | undefined, name: (typeof SCORE_FEATURES)[number]) =>
    row?.[SCORE_FEATURES.indexOf(name)];

  it('labels a company whose receivership opens within 12 months after the cut-off', async () => {
    const failures = await failuresBetween(t.db.knex, ['005420120'], '2024-12-01', '2025-12-01');
    expect(Object.fromEntries(failures)).to.deep.equal({ '005420120': '2025-03-05' });
  });

  it('does not label a failure opened before the cut-off or after the window', async () => {
    expect((await failuresBetween(t.db.knex, ['005420120'], '2025-03-06', '2026-03-06')).size).to.equal(0);
    expect((await failuresBetween(t.db.knex, ['005420120'], '2023-03-05', '2024-03-05')).size).to.equal(0);
  });

  it('never counts a failure of the label window among the features (no leakage)', async () => {
    const cutoff = '2024-12-01';
    const features = await readScoreFeatures(t.db.knex, cutoff, ['005420120']);
    expect(feature(features.get('005420120'), 'bodacc_defaillances_36m')).to.equal(0);
    // The same notice is a past signal once the cut-off is after its publication.
    const later = await readScoreFeatures(t.db.knex, '2025-06-01', ['005420120']);
    expect(feature(later.get('005420120'), 'bodacc_defaillances_36m')).to.equal(1);
  });

  it('counts a rectified notice once, by its rectifying notice', async () => {
    // The opening of 2025-03-07 is rectified on 2025-03-14: one failure, not two.
    const rows = await readScoreFeatures(t.db.knex, '2025-06-01', ['005420120']);
    expect(feature(rows.get('005420120'), 'bodacc_defaillances_36m')).to.equal(1);
  });

  it('drops an annulled notice once its annulment is published, not before', async () => {
    // The sale notice of 2026-07-22 is annulled by the notice of 2026-11-18.
    const before = await readScoreFeatures(t.db.knex, '2026-11-01', ['005420120']);
    expect(feature(before.get('005420120'), 'bodacc_ventes_36m')).to.equal(1);
    const after = await readScoreFeatures(t.db.knex, '2026-12-01', ['005420120']);
    expect(feature(after.get('005420120'), 'bodacc_ventes_36m')).to.equal(0);
  });

  it('counts the establishments closed in the 12 months before the cut-off, by the day they closed', async () => {
    // Two establishments of 005450093 closed on 2022-02-15 (dateDebut of their closed period).
    const at = async (cutoff: string) =>
      feature(
        (await readScoreFeatures(t.db.knex, cutoff, ['005450093'])).get('005450093'),
        'etablissements_fermes_12m',
      );
    expect(await at('2022-06-01')).to.equal(2);
    expect(await at('2022-02-15')).to.equal(0);
    expect(await at('2023-02-16')).to.equal(0);
  });

  it('reads the accounts closed 7 months or more before the cut-off, and their ratios', async () => {
    // 005420021 filed accounts closed on 2022-12-31 (turnover 1,180,000) and 2023-12-31 (1,250,000, net 42,000):
    // on 2024-06-01 only the first is deemed filed, on 2024-08-01 both.
    const at = async (cutoff: string) =>
      (await readScoreFeatures(t.db.knex, cutoff, ['005420021'])).get('005420021');
    const june = await at('2024-06-01');
    expect(feature(june, 'comptes_publies')).to.equal(1);
    expect(feature(june, 'ca_log')).to.be.closeTo(Math.log1p(1_180_000), 1e-9);
    expect(feature(june, 'ca_variation')).to.be.NaN;
    const august = await at('2024-08-01');
    expect(feature(august, 'resultat_net_sur_ca')).to.be.closeTo(42_000 / 1_250_000, 1e-9);
    expect(feature(august, 'ca_variation')).to.be.closeTo(70_000 / 1_180_000, 1e-9);
    expect(feature(await at('2023-06-01'), 'comptes_publies')).to.equal(0);
  });

  it('reads only facts dated before the cut-off: the same row whatever happens after it', async () => {
    const cutoff = '2024-12-01';
    const sirens = ['005420120', '005450093'];
    const rowsOf = (m: Map<string, Float64Array>) => [...m.entries()].map(([s, r]) => [s, [...r]]);
    const before = rowsOf(await readScoreFeatures(t.db.knex, cutoff, sirens));
    // Without the notices published from the cut-off on (in a transaction rolled back), the rows are the same.
    const rollback = new Error('rollback');
    const after = await t.db.knex
      .transaction(async (trx) => {
        await trx.raw(
          `delete from fr_bodacc_annonce_sirens where date_parution >= ?::date and siren = any(?::text[])`,
          [cutoff, sirens],
        );
        const rows = rowsOf(await readScoreFeatures(trx, cutoff, sirens));
        expect((await failuresBetween(trx, sirens, cutoff, '2025-12-01')).size).to.equal(0);
        throw Object.assign(rollback, { rows });
      })
      .catch((err: Error & { rows?: unknown }) => {
        if (err !== rollback) throw err;
        return err.rows;
      });
    expect(after).to.deep.equal(before);
  });

  it('puts the failing company in the training set with label 1', async () => {
    const train = await frenchTrainingSet(t.db.knex, '2024-12-01', 'train');
    expect(train.labels[train.sirens.indexOf('005420120')]).to.equal(1);
    expect(train.positives).to.equal(1);
  });

  it('splits companies by a hash of the SIREN, the same at every cut-off', async () => {
    const train = await frenchTrainingSet(t.db.knex, '2024-12-01', 'train');
    const test = await frenchTrainingSet(t.db.knex, addMonths('2024-12-01', 12), 'test');
    expect(train.sirens.every((s) => splitOf(s) === 'train')).to.equal(true);
    expect(test.sirens.every((s) => splitOf(s) === 'test')).to.equal(true);
    expect(train.sirens.filter((s) => test.sirens.includes(s))).to.deep.equal([]);
    expect(train.rows.every((r) => r.length === SCORE_FEATURES.length)).to.equal(true);
  });
});
