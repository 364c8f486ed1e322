import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import type { SnapshotCompletedData } from '../core/snapshotEvents.ts';
import { readBeneficialOwners, readMembers, readOfficers, readRegister } from './readUrFiles.ts';
import { UR_REGISTER, urStreamOf } from './urEvents.ts';

export interface UrFiles {
  /** `register/register.csv`: required. */
  register: string;
  members?: string;
  officers?: string;
  beneficial_owners?: string;
}

/** One pass of the Register of Enterprises: `register.csv` and, when given, members, officers, owners. */
export function ingestUr(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: UrFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const files: PassFile[] = [{ role: 'register', path: opts.files.register, read: readRegister }];
  if (opts.files.members) files.push({ role: 'members', path: opts.files.members, read: readMembers });
  if (opts.files.officers) files.push({ role: 'officers', path: opts.files.officers, read: readOfficers });
  if (opts.files.beneficial_owners) {
    files.push({ role: 'beneficial_owners', path: opts.files.beneficial_owners, read: readBeneficialOwners });
  }
  return runFilesPass({
    ...opts,
    register: UR_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files,
    streamOf: urStreamOf,
  });
}
