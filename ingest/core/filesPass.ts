import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { FILE_KIND, type FileRecord } from '../../schemas/events/fileEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { createProgressReporter } from './progressReporter.ts';
import { type SetAsideWarning, warnSetAside } from './setAsideWarning.ts';
import { runSnapshotPass, type SnapshotRow } from './snapshotPass.ts';
import type { LinedSnapshotRow } from './snapshotRow.ts';
import { sha256OfFile } from './upstreamFile.ts';

/** A delimited file's header as the reader found it (JSON files have none). */
export type HeaderSink = (columns: string[]) => void;

/** What a delimited file's header must hold, and what it is known to hold. */
export interface ColumnSpec {
  /** Missing one fails the pass before anything is published (a renamed key column would drop everything). */
  required: readonly string[];
  /** Columns seen in the published layout; others are reported in `SnapshotCompleted.report`. */
  known?: readonly string[];
}

/**
 * How a pass of a register that writes block events is asked to run (`registres ingest <register>
 * --record-all --one-event-per-row`, fileIngestCommand.ts).
 */
export interface BlockPassChoice {
  /** Record every row, as a first pass does, even when a completed pass is there (a rebuild of the log). */
  recordAll?: boolean;
  /** One event per row on its entity's stream instead of block events (to compare). */
  oneEventPerRow?: boolean;
}

/** One upstream file of a multi-file pass and the reader that turns it into entity rows. */
export interface PassFile<Row extends SnapshotRow = SnapshotRow> {
  /** Stable name of the file's content, e.g. `enheter`, `members` (one file per role and pass). */
  role: string;
  path: string;
  read(file: string, onHeader: HeaderSink): AsyncIterable<Row>;
  columns?: ColumnSpec;
}

/**
 * A file of a register whose pass writes block events: its reader gives every row the position of its
 * record in the file (`line`, EntitiesRecordedData.lines), counted by the reader itself since only it knows
 * the lines it skipped, set aside or joined.
 */
export type LinedPassFile = PassFile<LinedSnapshotRow>;

/** Checks a header against its spec: throws on a missing required column, returns the unknown ones. */
export function checkHeader(
  role: string,
  columns: readonly string[],
  spec: ColumnSpec | undefined,
): string[] {
  if (!spec) return [];
  const missing = spec.required.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    throw new Error(`${role}: required column(s) missing from the header: ${missing.join(', ')}`);
  }
  return spec.known ? columns.filter((c) => !spec.known!.includes(c)) : [];
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

/** The files of a pass, and whether the register's pass writes block events (then its readers give lines). */
type FilesOfPass =
  | {
      files: readonly PassFile[];
      blocks?: false;
    }
  | {
      files: readonly LinedPassFile[];
      /**
       * The register's pass writes block events: a pass that records every row (the first, or `recordAll`)
       * records them in blocks, each row with its file's SHA-256 and the line its reader gave it, unless
       * `oneEventPerRow` (snapshotPass.ts `blocks`). A row without a line fails the pass.
       */
      blocks: true;
    };

/**
 * One snapshot pass over several files of a register: fingerprints each file, streams their rows through
 * `runSnapshotPass`, and adds a `fichier` entity per file read. A read model can tell from those whether a
 * file (officers, members, ...) was part of the published pass, which is what makes an empty list measured.
 */
export async function runFilesPass(
  opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    register: string;
    /** The pass's version label (default: its date). */
    version?: string;
    snapshotDate: string;
    streamOf?: (row: { kind: string; id: string }) => string;
    /** The rows the files' readers set aside, warned of once the pass is done. */
    setAside?: readonly SetAsideWarning[];
    /** More of the read report (counts of rows set aside, by reason), added to `SnapshotCompleted.report`. */
    report?: () => Record<string, unknown>;
  } & FilesOfPass &
    BlockPassChoice,
): Promise<SnapshotCompletedData> {
  const blocks = opts.blocks === true && opts.oneEventPerRow !== true;
  const fingerprints: { role: string; nom: string; sha256: string }[] = [];
  const files: readonly PassFile[] = opts.files;
  for (const f of files) {
    fingerprints.push({ role: f.role, nom: path.basename(f.path), sha256: await sha256OfFile(f.path) });
  }
  const lines: Record<string, number> = {};
  const unknownColumns: Record<string, string[]> = {};
  const progress = createProgressReporter({ label: opts.register, logger: opts.logger });
  async function* rows(): AsyncGenerator<SnapshotRow> {
    // The `fichier` rows go after every file's rows: one between two files' rows puts its batch's events on
    // two streams (its own and the blocks'), which the log appends as one bulk insert of a jsonb array
    // rather than by COPY: up to a batch a file (ICPE's 24 pages: some 2 MB of block events each).
    const fileRows: SnapshotRow[] = [];
    for (const [i, f] of files.entries()) {
      let n = 0;
      const onHeader: HeaderSink = (columns) => {
        const unknown = checkHeader(f.role, columns, f.columns);
        if (unknown.length > 0) {
          unknownColumns[f.role] = unknown;
          opts.logger.warn(
            { register: opts.register, role: f.role, unknown },
            'unknown columns in upstream file',
          );
        }
      };
      for await (const row of f.read(f.path, onHeader)) {
        n++;
        if (blocks) {
          // The reader's count, never this one: only the reader knows the lines it skipped or joined.
          if (typeof row.line !== 'number') {
            throw new Error(`${f.role}: the reader gave no line for ${row.kind} ${row.id}; pass refused`);
          }
          // Named on the row: its block is made after the next rows were read, maybe the next file's.
          row.fileSha256 = fingerprints[i]!.sha256;
        }
        yield row;
      }
      // An empty file would drop every entity of its kind: refuse it, nothing is published.
      if (n === 0) throw new Error(`${f.role}: ${f.path} holds no row; pass refused`);
      lines[f.role] = n;
      const record: FileRecord = { ...fingerprints[i]!, lignes: n };
      fileRows.push({ kind: FILE_KIND, id: f.role, record: { ...record } });
    }
    yield* fileRows;
  }
  let done: SnapshotCompletedData;
  try {
    done = await runSnapshotPass({
      knex: opts.knex,
      store: opts.store,
      logger: opts.logger,
      register: opts.register,
      version: opts.version ?? opts.snapshotDate,
      snapshotDate: opts.snapshotDate,
      fileSha256: manifestSha256(fingerprints),
      rows: rows(),
      streamOf: opts.streamOf,
      // Each file's rows name it (above); the pass's own `fichier` rows go in no block.
      ...(blocks ? { blocks: { fileSha256Of: () => undefined } } : {}),
      ...(opts.recordAll ? { recordAll: true } : {}),
      onProgress: (n) => progress.update(n),
      report: () => ({
        ...opts.report?.(),
        fichiers: fingerprints.map((f) => ({ ...f, lignes: lines[f.role] ?? 0 })),
        ...(Object.keys(unknownColumns).length > 0 ? { colonnes_inconnues: unknownColumns } : {}),
      }),
    });
  } finally {
    progress.stop();
  }
  warnSetAside(opts.logger, opts.register, opts.setAside);
  return done;
}
