import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { FR_RNA_REGISTER, frRnaStreamOf } from '../../schemas/events/frRnaEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { datedPass } from '../core/datedPass.ts';
import { filesSha256 } from '../core/fileSha256.ts';
import { runSnapshotPass, type SnapshotRow } from '../core/snapshotPass.ts';
import { detectRnaLayout, type RnaLayout, readRnaCsv } from './readFrRnaCsv.ts';

export interface RnaIngestOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** The CSV files of one monthly stock (waldec and import, one or several départements). */
  files: string[];
  /** YYYY-MM-DD of the stock; default: the date in the file names (`rna_waldec_20261101…`). */
  date?: string;
  /** Version label (default: the date). */
  version?: string;
  onProgress?: (rows: number) => void;
}

/** One RNA stock as a full snapshot pass: associations gone from the stock are dropped. */
export async function ingestRnaStock(opts: RnaIngestOptions): Promise<SnapshotCompletedData> {
  const date = opts.date ?? dateFromNames(opts.files);
  if (!date) throw new Error('no stock date: pass --date YYYY-MM-DD (file names carry none)');
  const layouts: { file: string; layout: RnaLayout }[] = [];
  for (const file of opts.files) layouts.push({ file, layout: await detectRnaLayout(file) });
  async function* rows(): AsyncGenerator<SnapshotRow> {
    for (const { file, layout } of layouts) yield* readRnaCsv(file, layout);
  }
  return runSnapshotPass({
    ...datedPass(opts, FR_RNA_REGISTER, date),
    fileSha256: await filesSha256(opts.files),
    rows: rows(),
    streamOf: frRnaStreamOf,
    onProgress: opts.onProgress,
    report: () => ({
      fichiers: layouts.map(({ file, layout }) => ({
        fichier: file.split('/').pop(),
        type: layout.kind,
        separateur: layout.delimiter,
        encodage: layout.encoding,
        colonnes: layout.columns.length,
      })),
    }),
  });
}

function dateFromNames(files: string[]): string | null {
  for (const f of files) {
    const m = /rna_(?:waldec|import)_(\d{4})(\d{2})(\d{2})/.exec(f);
    if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return null;
}
