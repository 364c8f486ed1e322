import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where the service keeps its score model: `<DATA_DIR>/score/model.json`. */
export const modelFileOf = (dataDir: string): string => path.join(dataDir, 'score', 'model.json');

/**
 * Where the demo's training says why it wrote no model (`<DATA_DIR>/score/modele-absent.json`): the demo data
 * holds no failure in its windows. Removed when a model is written.
 */
export const modelAbsenceFileOf = (dataDir: string): string =>
  path.join(dataDir, 'score', 'modele-absent.json');

/** Why no model was trained, as the card and the block say it. */
export interface ModelAbsence {
  demo: boolean;
  raison: 'aucune_defaillance' | 'trop_peu_de_lignes';
  message: string;
  at: string;
}

/** Writes `text` to `file` atomically: a file beside it, then a rename (a reader sees the old or the new). */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const beside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(beside, text);
    await fs.rename(beside, file);
  } catch (err) {
    await fs.rm(beside, { force: true });
    throw err;
  }
}

/** Writes the model (and removes a former absence note). */
export async function writeModelFile(dataDir: string, json: string): Promise<string> {
  const file = modelFileOf(dataDir);
  await writeFileAtomically(file, json);
  await fs.rm(modelAbsenceFileOf(dataDir), { force: true });
  return file;
}

/** Writes why the demo has no model. */
export async function writeModelAbsence(dataDir: string, absence: ModelAbsence): Promise<void> {
  await writeFileAtomically(modelAbsenceFileOf(dataDir), JSON.stringify(absence));
}
