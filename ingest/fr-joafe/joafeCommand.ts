import { parseArgs } from 'node:util';
import type { CliCommand } from '../../ops/cli/context.ts';
import { createProgressReporter } from '../core/progressReporter.ts';
import { ingestJoafeExport } from './ingestJoafe.ts';

/** `npx registres ingest fr.joafe <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` */
export const joafeCommand: CliCommand = async (argv, ctx) => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { date: { type: 'string' }, version: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file || (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
    ctx.out('usage: registres ingest fr.joafe <export.json|.jsonl> [--date YYYY-MM-DD] [--version V]');
    return 2;
  }
  return ctx.withDatabase(async (db, store) => {
    const progress = createProgressReporter({ label: 'JOAFE', logger: ctx.logger });
    const result = await ingestJoafeExport({
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
      ctx.out(`JOAFE: this export was already ingested (version ${result.version}); nothing appended`);
    } else {
      const c = result.completed.counts;
      ctx.out(
        `JOAFE ${result.completed.version}: ${c.rows} notices read, ${c.recorded} new, ${c.changed} changed, ${c.unchanged} already known`,
      );
    }
    return 0;
  });
};
