import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { addMonths } from '../../api/routes/score/scoreDates.ts';
import type { Logger } from '../../ops/logger.ts';
import { LABEL_MONTHS } from './frenchTrainingSet.ts';
import { modelAbsenceFileOf, modelFileOf, writeModelAbsence, writeModelFile } from './modelFile.ts';

/**
 * The demo's windows at `today`: the test window the last complete one (T = today − 12 months, its labels up
 * to today), the training window the one before it.
 */
export function demoWindows(today: string): { trainDate: string; testDate: string } {
  const testDate = addMonths(today, -LABEL_MONTHS);
  return { trainDate: addMonths(testDate, -LABEL_MONTHS), testDate };
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * Trains the demo's model on the demo data and writes it to `<DATA_DIR>/score/model.json`, unless a model (or
 * the note that the demo has none) is there already. Run by `serve` in the background once the service is
 * ready, never before: the first start's first call does not wait for it, and the routes pick the model up
 * when the file appears. When the demo's windows hold no failure (or too few companies), no model is written
 * and the note says why (the card and the block say it): labels are never made up.
 */
export async function trainDemoModel(
  knex: Knex,
  dataDir: string,
  logger: Logger,
  now: Date = new Date(),
): Promise<'ecrit' | 'absent' | 'deja_la'> {
  if ((await exists(modelFileOf(dataDir))) || (await exists(modelAbsenceFileOf(dataDir)))) return 'deja_la';
  // Loaded here, not at start: TensorFlow.js is only needed to train.
  const [{ trainFrenchModel, TrainingRefused }, { serialiseArtefact }] = await Promise.all([
    import('./trainFrenchModel.ts'),
    import('./scoreArtefact.ts'),
  ]);
  const windows = demoWindows(now.toISOString().slice(0, 10));
  const started = Date.now();
  try {
    const artefact = await trainFrenchModel(knex, { ...windows, demo: true, now: () => now });
    const file = await writeModelFile(dataDir, serialiseArtefact(artefact));
    logger.info(
      { file, version: artefact.version, ms: Date.now() - started, ...windows },
      'demo score model trained on the demo data',
    );
    return 'ecrit';
  } catch (err) {
    if (!(err instanceof TrainingRefused)) throw err;
    await writeModelAbsence(dataDir, {
      demo: true,
      raison: err.raison === 'aucune_defaillance' ? 'aucune_defaillance' : 'trop_peu_de_lignes',
      message: `Données de démonstration : aucun modèle de score entraîné, ${err.raison === 'aucune_defaillance' ? 'elles ne contiennent aucune défaillance' : 'elles comptent trop peu d’entreprises'} dans la fenêtre d’entraînement (${err.message}) ; aucune étiquette n’est inventée. / Demo data: no score model trained (${err.message}); no label is made up.`,
      at: now.toISOString(),
    });
    logger.info({ ...windows, reason: err.message }, 'demo score model not trained');
    return 'absent';
  }
}
