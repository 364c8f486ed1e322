import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-ratios-inpi-bce <file> [--date YYYY-MM-DD]` */
export const frRatiosInpiBceIngestSpec: IngestCommandSpec = {
  summary: 'annual-accounts ratios (INPI/BCE): the CSV export of data.economie.gouv.fr ratios_inpi_bce',
  arguments: [{ syntax: '<file>', description: 'ratios_inpi_bce.csv (";", UTF-8)' }],
  options: [
    {
      name: 'date',
      value: '<YYYY-MM-DD>',
      description: 'date of the export (default: the file modification date, UTC)',
    },
  ],
  async load() {
    const [{ estimateRatiosRows, ingestFrRatiosInpiBce }, { createProgressReporter }, { stat }] =
      await Promise.all([
        import('./ingestFrRatiosInpiBce.ts'),
        import('../core/progressReporter.ts'),
        import('node:fs/promises'),
      ]);
    return async ({ args, options }, ctx) => {
      const file = args[0]!;
      const snapshotDate =
        (options.date as string | undefined) ?? (await stat(file)).mtime.toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate) || Number.isNaN(Date.parse(snapshotDate))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${snapshotDate}"`);
        return 2;
      }
      const progress = createProgressReporter({
        label: 'fr.ratios-inpi-bce',
        logger: ctx.logger,
        totalRows: await estimateRatiosRows(file),
      });
      const done = await ctx.withDatabase((db, store) =>
        ingestFrRatiosInpiBce({
          knex: db.knex,
          store,
          logger: ctx.logger,
          file,
          snapshotDate,
          onProgress: (rows) => progress.update(rows),
        }),
      );
      progress.stop();
      ctx.out(
        `fr.ratios-inpi-bce ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ` +
          `${done.counts.changed} changed, ${done.counts.dropped} dropped, ${done.counts.unchanged} unchanged`,
      );
      const set = (done.report as { lignesEcartees?: number } | undefined)?.lignesEcartees ?? 0;
      if (set > 0) ctx.out(`${set} rows set aside (unreadable SIREN, closing date or statement type)`);
      return 0;
    };
  },
};
