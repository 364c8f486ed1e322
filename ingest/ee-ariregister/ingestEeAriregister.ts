import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { EE_ARIREGISTER_REGISTER, eeAriregisterStreamOf } from '../../schemas/events/eeAriregisterEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type PassFile, runFilesPass } from '../core/filesPass.ts';
import { LIHTANDMED_COLUMNS } from './eeAriregisterColumns.ts';
import {
  readKaardileKantudIsikud,
  readKasusaajad,
  readLihtandmed,
  readOsanikud,
  readYldandmed,
} from './readEeAriregisterFiles.ts';

export interface EeAriregisterFiles {
  /** `ettevotja_rekvisiidid__lihtandmed.csv(.zip)`: required. */
  lihtandmed: string;
  /** `ettevotja_rekvisiidid__kaardile_kantud_isikud.json(.zip)` */
  isikud?: string;
  /** `ettevotja_rekvisiidid__osanikud.json(.zip)` */
  osanikud?: string;
  /** `ettevotja_rekvisiidid__yldandmed.json(.zip)` */
  yldandmed?: string;
  /** `ettevotja_rekvisiidid__kasusaajad.json(.zip)` */
  kasusaajad?: string;
}

/**
 * One pass of the e-Business Register: the basic-data file and, when given, officers, shareholders, general
 * data and beneficial owners.
 */
export function ingestEeAriregister(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: EeAriregisterFiles;
  snapshotDate: string;
  version?: string;
}): Promise<SnapshotCompletedData> {
  const files: PassFile[] = [
    { role: 'lihtandmed', path: opts.files.lihtandmed, read: readLihtandmed, columns: LIHTANDMED_COLUMNS },
  ];
  if (opts.files.isikud)
    files.push({ role: 'isikud', path: opts.files.isikud, read: readKaardileKantudIsikud });
  if (opts.files.osanikud) files.push({ role: 'osanikud', path: opts.files.osanikud, read: readOsanikud });
  if (opts.files.yldandmed)
    files.push({ role: 'yldandmed', path: opts.files.yldandmed, read: readYldandmed });
  if (opts.files.kasusaajad)
    files.push({ role: 'kasusaajad', path: opts.files.kasusaajad, read: readKasusaajad });
  return runFilesPass({
    ...opts,
    register: EE_ARIREGISTER_REGISTER,
    files,
    streamOf: eeAriregisterStreamOf,
  });
}
