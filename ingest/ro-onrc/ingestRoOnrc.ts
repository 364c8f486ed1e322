import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { RO_ONRC_REGISTER, roOnrcStreamOf } from '../../schemas/events/roOnrcEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type BlockPassChoice, type LinedPassFile, runFilesPass } from '../core/filesPass.ts';
import {
  readFirms,
  readPractitioners,
  readStatuses,
  readStatusLabels,
  type SetAsideSink,
} from './readRoOnrcFiles.ts';
import {
  FIRME_COLUMNS,
  N_STARE_FIRMA_COLUMNS,
  REPREZENTANTI_COLUMNS,
  STARE_FIRMA_COLUMNS,
} from './roOnrcColumns.ts';

export interface RoOnrcFiles {
  /** `OD_FIRME.CSV`: required. */
  firme: string;
  stare_firma?: string;
  n_stare_firma?: string;
  reprezentanti_legali?: string;
}

/**
 * One pass of a monthly ONRC release. The nomenclature is read first and the companies before their statuses,
 * so a company's status is derived once its labels are known (the read model refreshes it on any order anyway).
 * Lines whose field count is not the header's are set aside and reported by number only (their content may
 * name a person). A pass that records every row (the first, or `recordAll`) records them in block events
 * (filesPass.ts `blocks`).
 */
export async function ingestRoOnrc(
  opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    files: RoOnrcFiles;
    snapshotDate: string;
    version?: string;
  } & BlockPassChoice,
): Promise<SnapshotCompletedData> {
  const setAsideLines: Record<string, number[]> = {};
  const setAside: SetAsideSink = (role, line) => {
    const lines = setAsideLines[role] ?? [];
    lines.push(line);
    setAsideLines[role] = lines;
  };
  const files: LinedPassFile[] = [];
  if (opts.files.n_stare_firma) {
    files.push({
      role: 'n_stare_firma',
      path: opts.files.n_stare_firma,
      read: readStatusLabels(setAside),
      columns: N_STARE_FIRMA_COLUMNS,
    });
  }
  files.push({ role: 'firme', path: opts.files.firme, read: readFirms(setAside), columns: FIRME_COLUMNS });
  if (opts.files.stare_firma) {
    files.push({
      role: 'stare_firma',
      path: opts.files.stare_firma,
      read: readStatuses(setAside),
      columns: STARE_FIRMA_COLUMNS,
    });
  }
  if (opts.files.reprezentanti_legali) {
    files.push({
      role: 'reprezentanti_legali',
      path: opts.files.reprezentanti_legali,
      read: readPractitioners(setAside),
      columns: REPREZENTANTI_COLUMNS,
    });
  }
  const done = await runFilesPass({
    ...opts,
    register: RO_ONRC_REGISTER,
    files,
    streamOf: roOnrcStreamOf,
    blocks: true,
  });
  for (const [role, lines] of Object.entries(setAsideLines)) {
    opts.logger.warn(
      { register: RO_ONRC_REGISTER, role, count: lines.length, lines: lines.slice(0, 20) },
      'lines set aside: field count differs from the header',
    );
  }
  return done;
}
