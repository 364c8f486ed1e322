import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { createProgressReporter } from './progressReporter.ts';
import type { SnapshotCompletedData } from './snapshotEvents.ts';
import { runSnapshotPass, type SnapshotRow } from './snapshotPass.ts';
import { sha256OfFile } from './upstreamFile.ts';

/** The entity kind that records, within a pass, which upstream file of each role it read. */
export const FILE_KIND = 'fichier';

/** What a pass records of each file it read (kind `fichier`, id = the file's role). */
export interface FileRecord {
  role: string;
  nom: string;
  sha256: string;
  lignes: number;
}

/** One upstream file of a multi-file pass and the reader that turns it into entity rows. */
export interface PassFile {
  /** Stable name of the file's content, e.g. `enheter`, `members` (one file per role and pass). */
  role: string;
  path: string;
  read(file: string): AsyncIterable<SnapshotRow>;
}

/**
 * SHA-256 of a pass's files: the lines `<sha256>  <file name>` (sha256sum's format), sorted, each ending with
 * `\n`, hashed. A pass of one file still goes through the manifest, so the fingerprint's meaning never depends
 * on how many files a register ships. Each file's own SHA-256 is kept in the `SnapshotCompleted` report and
 * in the pass's `fichier` entities.
 */
export function manifestSha256(files: readonly { nom: string; sha256: string }[]): string {
  const lines = files.map((f) => `${f.sha256}  ${f.nom}\n`).sort();
  return createHash('sha256').update(lines.join('')).digest('hex');
}

/**
 * One snapshot pass over several files of a register: fingerprints each file, streams their rows through
 * `runSnapshotPass`, and adds a `fichier` entity per file read. A read model can tell from those whether a
 * file (officers, members, ...) was part of the published pass, which is what makes an empty list measured.
 */
export async function runFilesPass(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  register: string;
  version: string;
  snapshotDate: string;
  files: readonly PassFile[];
  streamOf?: (row: { kind: string; id: string }) => string;
}): Promise<SnapshotCompletedData> {
  const fingerprints: { role: string; nom: string; sha256: string }[] = [];
  for (const f of opts.files) {
    fingerprints.push({ role: f.role, nom: path.basename(f.path), sha256: await sha256OfFile(f.path) });
  }
  const lines: Record<string, number> = {};
  const progress = createProgressReporter({ label: opts.register, logger: opts.logger });
  async function* rows(): AsyncGenerator<SnapshotRow> {
    for (const [i, f] of opts.files.entries()) {
      let n = 0;
      for await (const row of f.read(f.path)) {
        n++;
        yield row;
      }
      lines[f.role] = n;
      const record: FileRecord = { ...fingerprints[i]!, lignes: n };
      yield { kind: FILE_KIND, id: f.role, record: { ...record } };
    }
  }
  try {
    return await runSnapshotPass({
      knex: opts.knex,
      store: opts.store,
      logger: opts.logger,
      register: opts.register,
      version: opts.version,
      snapshotDate: opts.snapshotDate,
      fileSha256: manifestSha256(fingerprints),
      rows: rows(),
      streamOf: opts.streamOf,
      onProgress: (n) => progress.update(n),
      report: () => ({ fichiers: fingerprints.map((f) => ({ ...f, lignes: lines[f.role] ?? 0 })) }),
    });
  } finally {
    progress.stop();
  }
}
