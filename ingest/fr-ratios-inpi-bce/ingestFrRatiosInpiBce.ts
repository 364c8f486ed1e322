import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  FR_RATIOS_INPI_BCE_REGISTER,
  frRatiosInpiBceStreamOf,
} from '../../schemas/events/frRatiosInpiBceEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { emptyReadReport, readRatiosCsv } from './readFrRatiosInpiBceCsv.ts';

export interface IngestFrRatiosInpiBceOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  /** Date of the export (YYYY-MM-DD): the pass's version and snapshot date, freshness is measured from it. */
  snapshotDate: string;
  onProgress?: (rows: number) => void;
}

/** Average bytes per row of the real export (about 150): used only to estimate a progress total. */
export const RATIOS_BYTES_PER_ROW = 150;

/** One snapshot pass of the ratios export: changed exercises only, dropped ones, counts and a read report. */
export async function ingestFrRatiosInpiBce(
  opts: IngestFrRatiosInpiBceOptions,
): Promise<SnapshotCompletedData> {
  const fileSha256 = await sha256OfFile(opts.file);
  const report = emptyReadReport();
  return runSnapshotPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_RATIOS_INPI_BCE_REGISTER,
    version: opts.snapshotDate,
    snapshotDate: opts.snapshotDate,
    fileSha256,
    rows: readRatiosCsv(opts.file, report),
    streamOf: frRatiosInpiBceStreamOf,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
}

export async function estimateRatiosRows(file: string): Promise<number> {
  return Math.max(1, Math.round((await stat(file)).size / RATIOS_BYTES_PER_ROW));
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
