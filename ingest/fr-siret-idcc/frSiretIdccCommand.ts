import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-siret-idcc <file> [--date YYYY-MM-DD] [--version <label>]` */
export const frSiretIdccIngestSpec: IngestCommandSpec = {
  summary: 'collective agreements by establishment (SIRET-IDCC, Ministère du Travail, from the DSN)',
  arguments: [
    {
      syntax: '<file>',
      description: 'the SIRET-IDCC CSV (",", UTF-8 with or without a BOM; .gz or .zip read too)',
    },
  ],
  options: [
    {
      name: 'date',
      value: '<YYYY-MM-DD>',
      description: 'date of the download (default: the file modification date, UTC)',
    },
    { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
  ],
  notes:
    'Columns are read by name, whatever their case: MOIS,SIRET,IDCC,DATE_MAJ (2019) and mois,siret,idcc,datemaj.',
  async load() {
    const [{ ingestFrSiretIdcc }, { createProgressReporter }, { estimateCsvRows }, { stat }] =
      await Promise.all([
        import('./ingestFrSiretIdcc.ts'),
        import('../core/progressReporter.ts'),
        import('../core/estimateCsvRows.ts'),
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
        label: 'fr.siret-idcc',
        logger: ctx.logger,
        totalRows: (await estimateCsvRows(file)) ?? undefined,
      });
      const done = await ctx.withDatabase((db, store) =>
        ingestFrSiretIdcc({
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
        `fr.siret-idcc ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ` +
          `${done.counts.changed} changed, ${done.counts.dropped} dropped, ${done.counts.unchanged} unchanged`,
      );
      const set = (done.report as { lignesEcartees?: number } | undefined)?.lignesEcartees ?? 0;
      if (set > 0) ctx.out(`${set} rows set aside (unreadable SIRET or IDCC)`);
      return 0;
    };
  },
};
