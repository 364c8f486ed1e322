import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { GLEIF_REGISTER, gleifStreamOf } from '../../schemas/events/gleifEvents.ts';
import type { UpdatesAppliedData } from '../../schemas/events/updateEvents.ts';
import { manifestSha256 } from '../core/filesPass.ts';
import { type EntityUpdate, runUpdatesPass } from '../core/updatesPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import type { GleifRole } from './gleifRecords.ts';
import { GLEIF_ROLES } from './ingestGleif.ts';
import { type GleifSetAside, readGleifFile } from './readGleifFile.ts';

/** Delta files of each role, each list in publication order. */
export type GleifDeltaFiles = Partial<Record<GleifRole, readonly string[]>>;

/**
 * Applies GLEIF delta files (intra-day or last-day: the records added or changed since a publication) on top
 * of the last completed full pass, as the entity events a full file would give: the LEI files first, then
 * the relationship files, then the exception files, each list in the order given (publication order). A
 * delta record is the whole new record of its entity, so applying a delta twice changes nothing the second
 * time. Deltas carry no deletions: a record that left the golden copy leaves with the next full pass.
 */
export async function ingestGleifUpdates(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  files: GleifDeltaFiles;
}): Promise<UpdatesAppliedData> {
  const ordered = GLEIF_ROLES.flatMap((role) => (opts.files[role] ?? []).map((file) => ({ role, file })));
  if (ordered.length === 0) throw new Error('gleif-updates: no delta file given');
  const fingerprints = await Promise.all(
    ordered.map(async ({ file }) => ({ nom: path.basename(file), sha256: await sha256OfFile(file) })),
  );
  const setAside: Record<string, GleifSetAside> = {};
  async function* updates(): AsyncGenerator<EntityUpdate> {
    for (const { role, file } of ordered) {
      const name = path.basename(file);
      setAside[name] = {};
      let n = 0;
      for await (const row of readGleifFile(role, file, undefined, setAside[name])) {
        n++;
        yield { ...row, updateId: `${name}#${n}`, metadata: { fichier: name, role } };
      }
    }
  }
  return runUpdatesPass({
    ...opts,
    register: GLEIF_REGISTER,
    source: 'delta',
    filesSha256: manifestSha256(fingerprints),
    updates: updates(),
    streamOf: gleifStreamOf,
    report: () => ({ fichiers: fingerprints, ecartes: setAside }),
  });
}
