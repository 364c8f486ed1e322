import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-egapro <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frEgaproIngestSpec: IngestCommandSpec = {
  summary: 'Egapro gender-equality index: the bulk CSV export index-egalite-fh-utf8.csv',
  arguments: [
    {
      syntax: '<file>',
      description: 'index-egalite-fh-utf8.csv (";", UTF-8 with a BOM; .gz or .zip read too)',
    },
  ],
  options: [
    {
      name: 'date',
      value: '<YYYY-MM-DD>',
      description: 'date of the export (default: the file modification date, UTC)',
    },
    { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
  ],
  notes: 'Columns are read by name: the current 18-column header and the first 17-column one are both read.',
  async load() {
    const [{ ingestFrEgapro }, { createProgressReporter }, { estimateCsvRows }, { stat }] = await Promise.all(
      [
        import('./ingestFrEgapro.ts'),
        import('../core/progressReporter.ts'),
        import('../core/estimateCsvRows.ts'),
        import('node:fs/promises'),
      ],
    );
    return async ({ args, options }, ctx) => {
      const file = args[0]!;
      const snapshotDate =
        (options.date as string | undefined) ?? (await stat(file)).mtime.toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate) || Number.isNaN(Date.parse(snapshotDate))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${snapshotDate}"`);
        return 2;
      }
      const progress = createProgressReporter({
        label: 'fr.egapro',
        logger: ctx.logger,
        totalRows: (await estimateCsvRows(file)) ?? undefined,
      });
      const done = await ctx.withDatabase((db, store) =>
        ingestFrEgapro({
          knex: db.knex,
          store,
          logger: ctx.logger,
          file,
          snapshotDate,
          version: typeof options.version === 'string' ? options.version : undefined,
          onProgress: (rows) => progress.update(rows),
        }),
      );
      progress.stop();
      ctx.out(
        `fr.egapro ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ` +
          `${done.counts.changed} changed, ${done.counts.dropped} dropped, ${done.counts.unchanged} unchanged`,
      );
      const set = (done.report as { lignesEcartees?: number } | undefined)?.lignesEcartees ?? 0;
      if (set > 0) ctx.out(`${set} rows set aside (unreadable SIREN or year, or a repeated SIREN and year)`);
      return 0;
    };
  },
};
