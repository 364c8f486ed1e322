import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { BLOCK_OPTIONS, blockChoiceOf } from './fileIngestCommand.ts';
import type { BlockPassChoice } from './filesPass.ts';
import type { IngestCommandSpec } from './ingestCommandSpec.ts';

/** What the pass of a register kept as a set of files (files, archives or folders of them) takes. */
export interface PathsIngestOptions extends BlockPassChoice {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  /** The files, archives or folders given on the command line, in order. */
  paths: readonly string[];
  /** YYYY-MM-DD of the latest file the copy holds: freshness is measured from it. */
  snapshotDate: string;
  /** Version label of the pass (default: the date). */
  version?: string;
  onProgress?: (rows: number) => void;
}

/**
 * `registres ingest <register> <paths...> [--date YYYY-MM-DD] [--version <label>]` for a register whose copy is
 * a set of files the pass reads whole (TED's notices, INPI's titles): `--date` defaults to today (UTC),
 * `--version` to the date. The closing line gives the pass's counts in the register's own unit (`notices`,
 * `titles`), then the lines `reportLines` makes of its report. A register whose pass writes block events
 * (`blocks`) also takes `--record-all` and `--one-event-per-row` (BLOCK_OPTIONS) and says how many it wrote.
 */
export function pathsIngestSpec(spec: {
  /** The register's code (`eu.ted`): the progress label and the closing line's first word. */
  label: string;
  summary: string;
  /** How `<paths...>` is described in `--help`. */
  paths: string;
  /** What the date is the date of (`the latest file the copy holds`). */
  dateOf: string;
  notes: string;
  /** What a row of the pass is, in the closing line (`notices`). */
  rowsAre: string;
  /** The lines printed after the counts, from the pass's report (nothing when there is nothing to say). */
  reportLines(report: Record<string, unknown>): string[];
  /** Its pass records a first pass in block events (its reader places each row in its file). */
  blocks?: boolean;
  load(): Promise<(opts: PathsIngestOptions) => Promise<SnapshotCompletedData>>;
}): IngestCommandSpec {
  return {
    summary: spec.summary,
    arguments: [{ syntax: '<paths...>', description: spec.paths }],
    options: [
      {
        name: 'date',
        value: '<YYYY-MM-DD>',
        description: `date of ${spec.dateOf} (default: today, UTC)`,
      },
      { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
      ...(spec.blocks ? BLOCK_OPTIONS : []),
    ],
    notes: spec.notes,
    async load() {
      const [ingest, { createProgressReporter }] = await Promise.all([
        spec.load(),
        import('./progressReporter.ts'),
      ]);
      return async ({ args, options }, ctx) => {
        const date = (options.date as string | undefined) ?? new Date().toISOString().slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
          ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
          return 2;
        }
        const progress = createProgressReporter({ label: spec.label, logger: ctx.logger });
        const done = await ctx.withDatabase((db, store) =>
          ingest({
            knex: db.knex,
            store,
            logger: ctx.logger,
            paths: args,
            snapshotDate: date,
            version: typeof options.version === 'string' ? options.version : undefined,
            onProgress: (n) => progress.update(n),
            ...(spec.blocks ? blockChoiceOf(options) : {}),
          }),
        );
        progress.stop();
        const c = done.counts;
        ctx.out(
          `${spec.label} ${done.version}: ${c.rows} ${spec.rowsAre}, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
        );
        if (done.blocks) ctx.out(`  block events ${done.blocks.events}, holding ${done.blocks.rows} rows`);
        for (const line of spec.reportLines((done.report ?? {}) as Record<string, unknown>)) ctx.out(line);
        return 0;
      };
    },
  };
}
