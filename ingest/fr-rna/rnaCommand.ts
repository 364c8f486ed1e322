import { parseArgs } from 'node:util';
import type { CliCommand } from '../../ops/cli/context.ts';
import { createProgressReporter } from '../core/progressReporter.ts';
import { ingestRnaStock } from './ingestRna.ts';

/** `npx registres ingest fr-rna <rna_waldec….csv> [rna_import….csv …] [--date YYYY-MM-DD]` */
export const rnaCommand: CliCommand = async (argv, ctx) => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { date: { type: 'string' } },
  });
  if (positionals.length === 0 || (values.date && !/^\d{4}-\d{2}-\d{2}$/.test(values.date))) {
    ctx.out('usage: registres ingest fr-rna <rna_waldec_….csv> [rna_import_….csv …] [--date YYYY-MM-DD]');
    return 2;
  }
  return ctx.withDatabase(async (db, store) => {
    const progress = createProgressReporter({ label: 'RNA', logger: ctx.logger });
    const done = await ingestRnaStock({
      knex: db.knex,
      store,
      logger: ctx.logger,
      files: positionals,
      date: values.date,
      onProgress: (n) => progress.update(n),
    });
    progress.stop();
    const c = done.counts;
    ctx.out(
      `RNA ${done.version}: ${c.rows} rows, ${c.recorded} new, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
    );
    return 0;
  });
};
