import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { GLEIF_REGISTER, gleifStreamOf } from '../../schemas/events/gleifEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type BlockPassChoice, type LinedPassFile, runFilesPass } from '../core/filesPass.ts';
import { REQUIRED_COLUMNS } from './gleifFields.ts';
import type { GleifRole } from './gleifRecords.ts';
import { type GleifSetAside, readGleifFile } from './readGleifFile.ts';

export type GleifFiles = Record<GleifRole, string>;

export const GLEIF_ROLES: readonly GleifRole[] = ['lei2', 'rr', 'repex'];

/**
 * One pass of the GLEIF golden copy: the LEI records, the relationship records and the reporting exceptions
 * of one publication (each a `.zip` as downloaded, or its XML, JSON or CSV content). Streamed, constant
 * memory; each file's SHA-256 goes into the pass's provenance. A pass that records every record (the first,
 * or `recordAll`) records them in block events of 2,000, each with its file's SHA-256 and its number there.
 */
export async function ingestGleif(
  opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    files: GleifFiles;
    snapshotDate: string;
    version?: string;
  } & BlockPassChoice,
): Promise<SnapshotCompletedData> {
  const setAside: Record<string, GleifSetAside> = {};
  const files: LinedPassFile[] = GLEIF_ROLES.map((role) => {
    setAside[role] = {};
    return {
      role,
      path: opts.files[role],
      read: (f, onHeader) => readGleifFile(role, f, onHeader, setAside[role]),
      columns: { required: REQUIRED_COLUMNS[role] },
    };
  });
  const done = await runFilesPass({
    ...opts,
    register: GLEIF_REGISTER,
    files,
    streamOf: gleifStreamOf,
    blocks: true,
  });
  for (const [role, counts] of Object.entries(setAside)) {
    if (Object.keys(counts).length > 0) {
      opts.logger.warn({ register: GLEIF_REGISTER, role, ...counts }, 'golden-copy records set aside');
    }
  }
  return done;
}
