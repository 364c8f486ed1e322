import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { CY_DRCOR_REGISTER, cyDrcorStreamOf } from '../../schemas/events/cyDrcorEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { runFilesPass } from '../core/filesPass.ts';
import { ORGANISATIONS_COLUMNS, REGISTERED_OFFICE_COLUMNS } from './cyDrcorColumns.ts';
import { type CySetAside, readOrganisations, readRegisteredOffices } from './readCyDrcorFiles.ts';

export interface CyDrcorFiles {
  /** `organisations_NN.csv` */
  organisations: string;
  /** `registered_office_NN.csv` */
  offices: string;
}

/**
 * One pass of the Registrar of Companies open data: organisations, then the registered offices of the
 * companies among them (a partnership's or business name's office is not kept).
 */
export async function ingestCyDrcor(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: CyDrcorFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const setAside: CySetAside = { formerOrRepeated: 0, unidentified: 0, unjoined: 0 };
  const offices = new Set<string>();
  const done = await runFilesPass({
    ...opts,
    register: CY_DRCOR_REGISTER,
    files: [
      {
        role: 'organisations',
        path: opts.files.organisations,
        read: (f, h) => readOrganisations(f, h, setAside, offices),
        columns: ORGANISATIONS_COLUMNS,
      },
      {
        role: 'offices',
        path: opts.files.offices,
        read: (f, h) => readRegisteredOffices(f, h, offices),
        columns: REGISTERED_OFFICE_COLUMNS,
      },
    ],
    streamOf: cyDrcorStreamOf,
  });
  opts.logger.info({ register: CY_DRCOR_REGISTER, ...setAside }, 'organisations rows set aside');
  return done;
}
