import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { LT_JAR_REGISTER, ltJarStreamOf } from '../../schemas/events/ltJarEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { LEGACY_PROFIT_LOSS_COLUMNS, LONG_ACCOUNTS_COLUMNS, REGISTERED_COLUMNS } from './ltJarColumns.ts';
import { isLongAccountsFile, readAccounts, readRegistered, type SetAside } from './readLtJarFiles.ts';
import { refuseHtmlPage } from './refuseHtmlPage.ts';

export interface LtJarFiles {
  /** `JAR_IREGISTRUOTI.csv`: required. */
  registered: string;
  /** Files of annual accounts, legacy or long, of every year served (`JAR_FA_RODIKLIAI_…csv`). */
  accounts?: readonly string[];
}

/** The role of an accounts file in the pass: its base name (one file per year and statement). */
export const accountsRole = (file: string) => `finansai:${path.basename(file)}`;

/**
 * One pass of the Register of Legal Entities: the registered entities and, when given, the accounts files.
 * Every file is first checked not to be the HTML page the site answers for a missing file.
 */
export async function ingestLtJar(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: LtJarFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const all = [opts.files.registered, ...(opts.files.accounts ?? [])];
  for (const file of all) await refuseHtmlPage(file);
  const setAside: SetAside = { invalidCodes: 0 };
  const files: PassFile[] = [
    {
      role: 'iregistruoti',
      path: opts.files.registered,
      read: readRegistered(setAside),
      columns: REGISTERED_COLUMNS,
    },
  ];
  for (const file of opts.files.accounts ?? []) {
    const columns = (await isLongAccountsFile(file)) ? LONG_ACCOUNTS_COLUMNS : LEGACY_PROFIT_LOSS_COLUMNS;
    files.push({ role: accountsRole(file), path: file, read: readAccounts(setAside), columns });
  }
  return runFilesPass({
    ...opts,
    register: LT_JAR_REGISTER,
    files,
    streamOf: ltJarStreamOf,
    setAside: [
      {
        fields: () => countsAboveZero({ rows: setAside.invalidCodes }),
        because: 'rows set aside: code without a valid check digit',
      },
    ],
  });
}
