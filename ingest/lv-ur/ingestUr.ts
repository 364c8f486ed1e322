import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import type { SnapshotCompletedData } from '../core/snapshotEvents.ts';
import {
  readBeneficialOwners,
  readCompanyEvents,
  readFinancialStatements,
  readInsolvency,
  readMembers,
  readOfficers,
  readRegister,
} from './readUrFiles.ts';
import { LIQUIDATION, SECURING_MEASURE, SUSPENSION, UR_REGISTER, urStreamOf } from './urEvents.ts';

export interface UrFiles {
  /** `register/register.csv`: required. */
  register: string;
  members?: string;
  officers?: string;
  beneficial_owners?: string;
  liquidations?: string;
  suspensions_prohibitions?: string;
  securing_measures?: string;
  insolvency?: string;
  financial_statements?: string;
}

/** Optional files of a pass: role (= `UrFiles` key and CLI flag) and reader. */
const OPTIONAL_FILES: readonly [keyof UrFiles, PassFile['read']][] = [
  ['members', readMembers],
  ['officers', readOfficers],
  ['beneficial_owners', readBeneficialOwners],
  ['liquidations', readCompanyEvents(LIQUIDATION)],
  ['suspensions_prohibitions', readCompanyEvents(SUSPENSION)],
  ['securing_measures', readCompanyEvents(SECURING_MEASURE)],
  ['insolvency', readInsolvency],
  ['financial_statements', readFinancialStatements],
];

/** One pass of the Register of Enterprises: `register.csv` and, when given, the other files. */
export function ingestUr(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: UrFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const files: PassFile[] = [{ role: 'register', path: opts.files.register, read: readRegister }];
  for (const [role, read] of OPTIONAL_FILES) {
    const file = opts.files[role];
    if (file) files.push({ role, path: file, read });
  }
  return runFilesPass({
    ...opts,
    register: UR_REGISTER,
    version: opts.version ?? opts.snapshotDate,
    files,
    streamOf: urStreamOf,
  });
}
