import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { CliCommand } from '../../ops/cli/context.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { SnapshotCompletedData } from './snapshotEvents.ts';

/**
 * `ingest <register> --<role> <file> ... [--date YYYY-MM-DD] [--version <label>]` for a register whose pass
 * reads several files. `--date` is the date the files describe (default: today, UTC); `--version` defaults
 * to the date.
 */
export function fileIngestCommand(spec: {
  register: string;
  roles: readonly { name: string; required: boolean }[];
  run(opts: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    files: Record<string, string>;
    snapshotDate: string;
    version: string;
  }): Promise<SnapshotCompletedData>;
}): CliCommand {
  return async (argv, ctx) => {
    const usage = `usage: registres ingest ${spec.register.replaceAll('.', '-')} ${spec.roles
      .map((r) => (r.required ? `--${r.name} <file>` : `[--${r.name} <file>]`))
      .join(' ')} [--date YYYY-MM-DD] [--version <label>]`;
    let values: Record<string, string | boolean | undefined>;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          date: { type: 'string' },
          version: { type: 'string' },
          ...Object.fromEntries(spec.roles.map((r) => [r.name, { type: 'string' as const }])),
        },
        strict: true,
      }));
    } catch (err) {
      ctx.out(`${(err as Error).message}\n${usage}`);
      return 2;
    }
    const missing = spec.roles.filter((r) => r.required && !values[r.name]).map((r) => `--${r.name}`);
    const date = (values.date as string | undefined) ?? new Date().toISOString().slice(0, 10);
    if (missing.length > 0 || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      ctx.out(`${missing.length ? `missing ${missing.join(', ')}` : `bad --date ${date}`}\n${usage}`);
      return 2;
    }
    const files: Record<string, string> = {};
    for (const r of spec.roles) if (values[r.name]) files[r.name] = values[r.name] as string;
    const done = await ctx.withDatabase((db, store) =>
      spec.run({
        knex: db.knex,
        store,
        logger: ctx.logger,
        files,
        snapshotDate: date,
        version: (values.version as string | undefined) ?? date,
      }),
    );
    ctx.out(
      `${spec.register} ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ${done.counts.changed} changed, ${done.counts.dropped} dropped (sha256 ${done.fileSha256})`,
    );
    return 0;
  };
}
