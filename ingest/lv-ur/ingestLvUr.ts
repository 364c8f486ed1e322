import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  BALANCE_SHEET,
  CASH_FLOW_STATEMENT,
  INCOME_STATEMENT,
  LIQUIDATION,
  LV_UR_REGISTER,
  lvUrStreamOf,
  SECURING_MEASURE,
  SUSPENSION,
} from '../../schemas/events/lvUrEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type ColumnSpec, type PassFile, runFilesPass } from '../core/filesPass.ts';
import {
  BALANCE_SHEETS_COLUMNS,
  BENEFICIAL_OWNERS_COLUMNS,
  CASH_FLOW_STATEMENTS_COLUMNS,
  FINANCIAL_STATEMENTS_COLUMNS,
  INCOME_STATEMENTS_COLUMNS,
  INSOLVENCY_COLUMNS,
  LIQUIDATIONS_COLUMNS,
  MEMBERS_COLUMNS,
  OFFICERS_COLUMNS,
  REGISTER_COLUMNS,
  REORGANIZATIONS_COLUMNS,
  SECURING_MEASURES_COLUMNS,
  SUSPENSIONS_COLUMNS,
} from './lvUrColumns.ts';
import {
  readBeneficialOwners,
  readCompanyEvents,
  readFinancialStatements,
  readInsolvency,
  readMembers,
  readOfficers,
  readRegister,
  readReorganizations,
  readStatementLines,
} from './readLvUrFiles.ts';

export interface LvUrFiles {
  /** `register/register.csv`: required. */
  register: string;
  members?: string;
  officers?: string;
  beneficial_owners?: string;
  liquidations?: string;
  suspensions_prohibitions?: string;
  securing_measures?: string;
  reorganizations?: string;
  insolvency?: string;
  financial_statements?: string;
  balance_sheets?: string;
  income_statements?: string;
  cash_flow_statements?: string;
}

/** Optional files of a pass: role (= `LvUrFiles` key and CLI flag), reader and header spec. */
const OPTIONAL_FILES: readonly [keyof LvUrFiles, PassFile['read'], ColumnSpec][] = [
  ['members', readMembers, MEMBERS_COLUMNS],
  ['officers', readOfficers, OFFICERS_COLUMNS],
  ['beneficial_owners', readBeneficialOwners, BENEFICIAL_OWNERS_COLUMNS],
  ['liquidations', readCompanyEvents(LIQUIDATION), LIQUIDATIONS_COLUMNS],
  ['suspensions_prohibitions', readCompanyEvents(SUSPENSION), SUSPENSIONS_COLUMNS],
  ['securing_measures', readCompanyEvents(SECURING_MEASURE), SECURING_MEASURES_COLUMNS],
  ['reorganizations', readReorganizations, REORGANIZATIONS_COLUMNS],
  ['insolvency', readInsolvency, INSOLVENCY_COLUMNS],
  ['financial_statements', readFinancialStatements, FINANCIAL_STATEMENTS_COLUMNS],
  ['balance_sheets', readStatementLines(BALANCE_SHEET), BALANCE_SHEETS_COLUMNS],
  ['income_statements', readStatementLines(INCOME_STATEMENT), INCOME_STATEMENTS_COLUMNS],
  ['cash_flow_statements', readStatementLines(CASH_FLOW_STATEMENT), CASH_FLOW_STATEMENTS_COLUMNS],
];

/** One pass of the Register of Enterprises: `register.csv` and, when given, the other files. */
export function ingestLvUr(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: LvUrFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const files: PassFile[] = [
    { role: 'register', path: opts.files.register, read: readRegister, columns: REGISTER_COLUMNS },
  ];
  for (const [role, read, columns] of OPTIONAL_FILES) {
    const file = opts.files[role];
    if (file) files.push({ role, path: file, read, columns });
  }
  return runFilesPass({
    ...opts,
    register: LV_UR_REGISTER,
    files,
    streamOf: lvUrStreamOf,
  });
}
