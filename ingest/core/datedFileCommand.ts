import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { BLOCK_OPTIONS } from './fileIngestCommand.ts';
import type { BlockPassChoice } from './filesPass.ts';
import type { IngestCommandSpec } from './ingestCommandSpec.ts';

/**
 * What the snapshot pass of a register published as one dated file takes. A pass that records every row
 * writes block events unless `oneEventPerRow`; `recordAll` records every row as a first pass does (a rebuild).
 */
export interface DatedFileIngestOptions extends BlockPassChoice {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  file: string;
  /** Date the file describes (YYYY-MM-DD): the pass's version and snapshot date, freshness is measured from it. */
  snapshotDate: string;
  /** Version label of the pass (default: the date). */
  version?: string;
  onProgress?: (rows: number) => void;
}

export type DatedFileIngest = (opts: DatedFileIngestOptions) => Promise<SnapshotCompletedData>;

/** The register's pass, and the rows its file probably holds (for the progress bar; default: a CSV's). */
export interface DatedFileIngestCode {
  ingest: DatedFileIngest;
  estimateRows?: (file: string) => Promise<number | null>;
  /** The date the file says it describes (its publication date), used when `--date` is not given. */
  fileDate?: (file: string) => Promise<string | null>;
}

/**
 * `registres ingest <register> <file> [--date YYYY-MM-DD] [--version <label>]` for a register published as
 * one file: `--date` defaults to the date the file states (`fileDate`, when the register has one), else to
 * the file's modification date (UTC); `--version` to the date; `--record-all` and `--one-event-per-row` as
 * for the files passes (BLOCK_OPTIONS). The closing line gives the pass's counts, its block events when it
 * wrote some, then the rows set aside (`report.lignesEcartees`) when there are any.
 */
export function datedFileIngestSpec(spec: {
  /** The register's code (`fr.egapro`): the progress label and the closing line's first word. */
  label: string;
  summary: string;
  /** How `<file>` is described in `--help`. */
  file: string;
  /** What the file's date is the date of (`export`, `download`). */
  dateOf: string;
  notes?: string;
  /** False for a pass whose version is always its date: no `--version` option. */
  versionOption?: boolean;
  /** Why rows are set aside, printed after their count (`unreadable SIRET or IDCC`); unset: no such line. */
  setAsideBecause?: string;
  load(): Promise<DatedFileIngestCode>;
}): IngestCommandSpec {
  return {
    summary: spec.summary,
    arguments: [{ syntax: '<file>', description: spec.file }],
    options: [
      {
        name: 'date',
        value: '<YYYY-MM-DD>',
        description: `date of the ${spec.dateOf} (default: the file modification date, UTC)`,
      },
      ...(spec.versionOption === false
        ? []
        : [
            {
              name: 'version',
              value: '<label>',
              description: 'version label of the pass (default: the date)',
            },
          ]),
      ...BLOCK_OPTIONS,
    ],
    ...(spec.notes ? { notes: spec.notes } : {}),
    async load() {
      const [code, { createProgressReporter }, { estimateCsvRows }, { stat }] = await Promise.all([
        spec.load(),
        import('./progressReporter.ts'),
        import('./estimateCsvRows.ts'),
        import('node:fs/promises'),
      ]);
      const estimateRows = code.estimateRows ?? estimateCsvRows;
      return async ({ args, options }, ctx) => {
        const file = args[0]!;
        const snapshotDate =
          (options.date as string | undefined) ??
          (code.fileDate ? await code.fileDate(file).catch(() => null) : null) ??
          (await stat(file)).mtime.toISOString().slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate) || Number.isNaN(Date.parse(snapshotDate))) {
          ctx.out(`--date must be YYYY-MM-DD, got "${snapshotDate}"`);
          return 2;
        }
        const progress = createProgressReporter({
          label: spec.label,
          logger: ctx.logger,
          totalRows: (await estimateRows(file)) ?? undefined,
        });
        const done = await ctx.withDatabase((db, store) =>
          code.ingest({
            knex: db.knex,
            store,
            logger: ctx.logger,
            file,
            snapshotDate,
            version: typeof options.version === 'string' ? options.version : undefined,
            onProgress: (rows) => progress.update(rows),
            ...(options['record-all'] !== undefined ? { recordAll: true } : {}),
            ...(options['one-event-per-row'] !== undefined ? { oneEventPerRow: true } : {}),
          }),
        );
        progress.stop();
        const c = done.counts;
        ctx.out(
          `${spec.label} ${done.version}: ${c.rows} rows, ${c.recorded} recorded, ` +
            `${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
        );
        if (done.blocks) ctx.out(`  block events ${done.blocks.events}, holding ${done.blocks.rows} rows`);
        const setAside = (done.report as { lignesEcartees?: number } | undefined)?.lignesEcartees ?? 0;
        if (spec.setAsideBecause && setAside > 0)
          ctx.out(`${setAside} rows set aside (${spec.setAsideBecause})`);
        return 0;
      };
    },
  };
}
