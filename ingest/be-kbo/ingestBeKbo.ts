import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { ADDRESS, BE_KBO_REGISTER, beKboStreamOf, DENOMINATION } from '../../schemas/events/beKboEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import {
  type BlockPassChoice,
  type HeaderSink,
  type LinedPassFile,
  runFilesPass,
} from '../core/filesPass.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { KBO_COLUMNS } from './beKboColumns.ts';
import {
  emptySetAside,
  enterprisePartRow,
  enterpriseRow,
  type LegalPersons,
  readKboCodes,
  readKboFileNumbered,
} from './readBeKboFiles.ts';

/** The files of a KBO Full extract the local copy reads (as unzipped from `KboOpenData_<n>_<date>_Full.zip`). */
export interface BeKboFiles {
  enterprise: string;
  denomination: string;
  address: string;
  code: string;
}

/**
 * One pass of a KBO Full extract: the code list, then the enterprises (legal persons only), then their
 * names and addresses. The enterprise file is read before the others so that a natural person's name and
 * address are known as such before they are read, and never recorded. A pass that records every row (the
 * first, or `recordAll`) records them in block events (filesPass.ts `blocks`).
 */
export function ingestBeKbo(
  opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    files: BeKboFiles;
    snapshotDate: string;
    version?: string;
  } & BlockPassChoice,
): Promise<SnapshotCompletedData> {
  const legal = new Set<number>();
  const legalPersons: LegalPersons = { has: (id) => legal.has(Number(id)) };
  const setAside = emptySetAside();
  async function* rowsOf(
    file: string,
    onHeader: HeaderSink,
    toRow: (r: Record<string, string | null>) => SnapshotRow | null,
  ): AsyncGenerator<LinedSnapshotRow> {
    // Each row keeps the physical line its record starts on: a block names it.
    for await (const { record, line } of readKboFileNumbered(file, onHeader)) {
      const row = toRow(record);
      if (row) yield { ...row, line };
    }
  }
  const files: LinedPassFile[] = [
    { role: 'code', path: opts.files.code, read: readKboCodes, columns: KBO_COLUMNS.code },
    {
      role: 'enterprise',
      path: opts.files.enterprise,
      read: (f, h) => rowsOf(f, h, (r) => enterpriseRow(r, setAside, legal)),
      columns: KBO_COLUMNS.enterprise,
    },
    {
      role: 'denomination',
      path: opts.files.denomination,
      read: (f, h) => rowsOf(f, h, (r) => enterprisePartRow(DENOMINATION, r, legalPersons, setAside)),
      columns: KBO_COLUMNS.denomination,
    },
    {
      role: 'address',
      path: opts.files.address,
      read: (f, h) => rowsOf(f, h, (r) => enterprisePartRow(ADDRESS, r, legalPersons, setAside)),
      columns: KBO_COLUMNS.address,
    },
  ];
  return runFilesPass({
    ...opts,
    register: BE_KBO_REGISTER,
    files,
    streamOf: beKboStreamOf,
    blocks: true,
  }).finally(() => opts.logger.info({ register: BE_KBO_REGISTER, setAside }, 'KBO rows set aside'));
}
