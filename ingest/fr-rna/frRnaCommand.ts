import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-rna <rna_waldec….csv> [rna_import….csv …] [--date YYYY-MM-DD]` */
export const frRnaIngestSpec: IngestCommandSpec = {
  summary: 'RNA files (rna_waldec / rna_import CSV, or their zip), one monthly stock',
  arguments: [
    { syntax: '<files...>', description: 'rna_waldec_….csv, then any rna_import_….csv (or their zip)' },
  ],
  options: [
    { name: 'date', value: '<YYYY-MM-DD>', description: 'date of the stock (default: from the file names)' },
  ],
  async load() {
    const [{ ingestRnaStock }, { createProgressReporter }] = await Promise.all([
      import('./ingestFrRna.ts'),
      import('../core/progressReporter.ts'),
    ]);
    return async ({ args, options }, ctx) => {
      const date = options.date as string | undefined;
      if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      return ctx.withDatabase(async (db, store) => {
        const progress = createProgressReporter({ label: 'RNA', logger: ctx.logger });
        const done = await ingestRnaStock({
          knex: db.knex,
          store,
          logger: ctx.logger,
          files: args,
          date,
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
  },
};
