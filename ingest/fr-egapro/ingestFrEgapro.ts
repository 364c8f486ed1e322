import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { FR_EGAPRO_REGISTER, frEgaproStreamOf } from '../../schemas/events/frEgaproEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptyEgaproReport, readEgaproCsv } from './readFrEgaproCsv.ts';

export interface IngestFrEgaproOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  /** Date of the export (YYYY-MM-DD): the pass's version and snapshot date, freshness is measured from it. */
  snapshotDate: string;
  version?: string;
  onProgress?: (rows: number) => void;
}

/** One snapshot pass of the Egapro export: changed declarations only, dropped ones, counts and a read report. */
export async function ingestFrEgapro(opts: IngestFrEgaproOptions): Promise<SnapshotCompletedData> {
  const report = emptyEgaproReport();
  const done = await runSnapshotPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_EGAPRO_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    snapshotDate: opts.snapshotDate,
    fileSha256: await sha256OfFile(opts.file),
    rows: readEgaproCsv(opts.file, report),
    streamOf: frEgaproStreamOf,
    onProgress: opts.onProgress,
    report: () => ({ ...report }),
  });
  if (report.lignesEcartees > 0) {
    opts.logger.warn(
      { register: FR_EGAPRO_REGISTER, lignesEcartees: report.lignesEcartees },
      'egapro rows set aside',
    );
  }
  return done;
}
