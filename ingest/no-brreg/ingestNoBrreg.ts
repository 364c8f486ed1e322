import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { ENHET, NO_BRREG_REGISTER, noBrregStreamOf, UNDERENHET } from '../../schemas/events/noBrregEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import { ENHETER_COLUMNS, UNDERENHETER_COLUMNS } from './noBrregColumns.ts';
import { type InvalidOrgnrCounts, readBrregFile } from './readNoBrregFile.ts';

export interface NoBrregFiles {
  /** `enheter` bulk file (CSV or JSON, gzipped or not): required. */
  enheter: string;
  underenheter?: string;
}

/**
 * One pass of Enhetsregisteret: the `enheter` file and, when given, `underenheter`. A row whose organisation
 * number fails its check digit is set aside (never in the log, never served) and counted in a warning.
 */
export async function ingestNoBrreg(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: NoBrregFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const invalid: InvalidOrgnrCounts = {};
  const files: PassFile[] = [
    {
      role: 'enheter',
      path: opts.files.enheter,
      read: (f, h) => readBrregFile(f, ENHET, h, { role: 'enheter', counts: invalid }),
      columns: ENHETER_COLUMNS,
    },
  ];
  if (opts.files.underenheter) {
    files.push({
      role: 'underenheter',
      path: opts.files.underenheter,
      read: (f, h) => readBrregFile(f, UNDERENHET, h, { role: 'underenheter', counts: invalid }),
      columns: UNDERENHETER_COLUMNS,
    });
  }
  return runFilesPass({
    ...opts,
    register: NO_BRREG_REGISTER,
    files,
    streamOf: noBrregStreamOf,
    setAside: [
      {
        fields: () => (Object.keys(invalid).length > 0 ? { orgnr_invalide: invalid } : null),
        because: 'rows set aside: an organisation number failing its modulus-11 check digit',
      },
    ],
  });
}
