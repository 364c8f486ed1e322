import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { BlockPassChoice } from './filesPass.ts';
import type { IngestCommandSpec } from './ingestCommandSpec.ts';

export type FilesPassRunner = (
  opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    files: Record<string, string>;
    /** The files of the repeatable roles (every accounts year, every gazette document), in the order given. */
    lists: Record<string, string[]>;
    snapshotDate: string;
    version: string;
  } & BlockPassChoice,
) => Promise<SnapshotCompletedData>;

/** Options every dated file pass takes. */
export const DATE_OPTIONS = [
  { name: 'date', value: '<YYYY-MM-DD>', description: 'date the files describe (default: today, UTC)' },
  { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
] as const;

/** The options of a register whose pass writes block events (filesPass.ts `blocks`). */
export const BLOCK_OPTIONS = [
  {
    name: 'record-all',
    description: 'record every row in block events, even those unchanged since the last pass (a rebuild)',
  },
  {
    name: 'one-event-per-row',
    description: 'one event per row on its entity stream instead of block events (to compare)',
  },
] as const;

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The ingest command of a file register, and its pass without the command line (a benchmark's, a test's). */
export interface FileIngestCommandSpec extends IngestCommandSpec {
  register: string;
  roles: readonly { name: string; repeatable?: boolean }[];
  loadFilesPass(): Promise<FilesPassRunner>;
}

/**
 * `ingest <register> --<role> <file> ... [--date YYYY-MM-DD] [--version <label>]` for a register whose pass
 * reads several files, one option per file role (the required ones are required by commander). `--date` is
 * the date the files describe (default: today, UTC); `--version` defaults to the date. A register whose pass
 * writes block events (`blocks`) also takes `--record-all` and `--one-event-per-row` (BLOCK_OPTIONS).
 */
export function fileIngestSpec(spec: {
  register: string;
  summary: string;
  roles: readonly { name: string; required: boolean; description?: string; repeatable?: boolean }[];
  notes?: string;
  /** What a row is called in the closing line (`rows`, `acts`). */
  rowsLabel?: string;
  /** The register's pass writes block events: the command takes BLOCK_OPTIONS and hands them to it. */
  blocks?: boolean;
  load(): Promise<FilesPassRunner>;
}): FileIngestCommandSpec {
  return {
    register: spec.register,
    roles: spec.roles,
    loadFilesPass: spec.load,
    summary: spec.summary,
    options: [
      ...spec.roles.map((r) => ({
        name: r.name,
        value: '<file>',
        description: r.description ?? `the ${r.name} file`,
        required: r.required,
        ...(r.repeatable ? { repeatable: true } : {}),
      })),
      ...DATE_OPTIONS,
      ...(spec.blocks ? BLOCK_OPTIONS : []),
    ],
    ...(spec.notes ? { notes: spec.notes } : {}),
    async load() {
      const run = await spec.load();
      return async ({ options }, ctx) => {
        const date = single(options.date) ?? new Date().toISOString().slice(0, 10);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
          ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
          return 2;
        }
        const files: Record<string, string> = {};
        const lists: Record<string, string[]> = {};
        for (const r of spec.roles) {
          if (r.repeatable) {
            lists[r.name] = list(options[r.name]);
            continue;
          }
          const file = single(options[r.name]);
          if (file) files[r.name] = file;
        }
        const done = await ctx.withDatabase((db, store) =>
          run({
            knex: db.knex,
            store,
            logger: ctx.logger,
            files,
            lists,
            snapshotDate: date,
            version: single(options.version) ?? date,
            ...(spec.blocks ? blockChoiceOf(options) : {}),
          }),
        );
        ctx.out(
          `${spec.register} ${done.version}: ${done.counts.rows} ${spec.rowsLabel ?? 'rows'}, ${done.counts.recorded} recorded, ${done.counts.changed} changed, ${done.counts.dropped} dropped (sha256 ${done.fileSha256})`,
        );
        if (done.blocks) ctx.out(`  block events ${done.blocks.events}, holding ${done.blocks.rows} rows`);
        return 0;
      };
    },
  };
}

/** `--record-all` and `--one-event-per-row` as the pass takes them (flags: present or not). */
export function blockChoiceOf(
  options: Record<string, string | string[] | boolean | undefined>,
): BlockPassChoice {
  return {
    ...(options['record-all'] !== undefined ? { recordAll: true } : {}),
    ...(options['one-event-per-row'] !== undefined ? { oneEventPerRow: true } : {}),
  };
}
