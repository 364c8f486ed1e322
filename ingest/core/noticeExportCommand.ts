import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import type { CliCommand } from '../../ops/cli/context.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import type { NoticePassResult } from './noticePass.ts';
import { createProgressReporter } from './progressReporter.ts';

/**
 * `npx registres ingest <register> <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` for the registers
 * published as notice exports of the official-journal open data (BODACC, JOAFE).
 */
export function noticeExportCommand(opts: {
  register: string;
  label: string;
  ingest(args: {
    knex: Knex;
    store: EventStore;
    logger: Logger;
    file: string;
    date?: string;
    version?: string;
    onProgress(rows: number): void;
  }): Promise<NoticePassResult>;
}): CliCommand {
  return async (argv, ctx) => {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { date: { type: 'string' }, version: { type: 'string' } },
    });
    const file = positionals[0];
    if (!file || (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
      ctx.out(
        `usage: registres ingest ${opts.register.replaceAll('.', '-')} <export.json|.jsonl> [--date YYYY-MM-DD] [--version V]`,
      );
      return 2;
    }
    return ctx.withDatabase(async (db, store) => {
      const progress = createProgressReporter({ label: opts.label, logger: ctx.logger });
      const result = await opts.ingest({
        knex: db.knex,
        store,
        logger: ctx.logger,
        file,
        date: values.date,
        version: values.version,
        onProgress: (n) => progress.update(n),
      });
      progress.stop();
      if (result.status === 'already_ingested') {
        ctx.out(
          `${opts.label}: this export was already ingested (version ${result.version}); nothing appended`,
        );
      } else {
        const c = result.completed.counts;
        ctx.out(
          `${opts.label} ${result.completed.version}: ${c.rows} notices read, ${c.recorded} new, ${c.changed} changed, ${c.unchanged} already known`,
        );
      }
      return 0;
    });
  };
}
