import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { IE_CRO_REGISTER, ieCroStreamOf } from '../../schemas/events/ieCroEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { COMPANIES_COLUMNS } from './ieCroColumns.ts';
import { type CroSetAside, readCroCompanies } from './readIeCroFile.ts';

/** One pass of the CRO open data: the daily companies file (`companies.csv.zip`, or the CSV inside). */
export async function ingestIeCro(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: { companies: string };
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside: CroSetAside = { duplicates: 0, unnumbered: 0 };
  return runFilesPass({
    ...opts,
    register: IE_CRO_REGISTER,
    files: [
      {
        role: 'companies',
        path: opts.files.companies,
        read: (f, h) => readCroCompanies(f, h, setAside),
        columns: COMPANIES_COLUMNS,
      },
    ],
    streamOf: ieCroStreamOf,
    setAside: [{ fields: () => countsAboveZero({ ...setAside }), because: 'companies file rows set aside' }],
  });
}
