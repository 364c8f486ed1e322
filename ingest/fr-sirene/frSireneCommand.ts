import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-sirene ...`: one snapshot pass of the two Sirene stock files. */
export const frSireneIngestSpec: IngestCommandSpec = {
  summary: 'INSEE Sirene stock: the legal units and establishments files of one month',
  options: [
    {
      name: 'unites-legales',
      value: '<file>',
      description: 'StockUniteLegale_utf8.csv (or .zip)',
      required: true,
    },
    {
      name: 'etablissements',
      value: '<file>',
      description: 'StockEtablissement_utf8.csv (or .zip)',
      required: true,
    },
    { name: 'version', value: '<YYYY-MM-DD>', description: 'stock date (default: see below)' },
    { name: 'batch-size', value: '<N>', description: 'events appended per transaction' },
    {
      name: 'record-all',
      description: 'record every row in block events, even those unchanged since the last pass (a rebuild)',
    },
    {
      name: 'one-event-per-row',
      description: 'one event per row on its company stream instead of block events (to compare)',
    },
  ],
  notes:
    'Without --version, the stock date comes from the file names (2025-11-01-StockUniteLegale_utf8.zip),\n' +
    'else from the newest dateDernierTraitement of the rows (one more read of both files).',
  async load() {
    const { ingestFrSirene } = await import('./ingestFrSirene.ts');
    return async ({ options }, ctx) => {
      const raw = options['batch-size'] as string | undefined;
      const batchSize = raw === undefined ? undefined : Number(raw);
      if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0)) {
        ctx.out(`fr-sirene: --batch-size ${raw}: expected a positive integer`);
        return 2;
      }
      return ctx.withDatabase(async (db, store) => {
        try {
          const done = await ingestFrSirene({
            knex: db.knex,
            store,
            logger: ctx.logger,
            unitesLegales: options['unites-legales'] as string,
            etablissements: options.etablissements as string,
            version: options.version as string | undefined,
            batchSize,
            recordAll: options['record-all'] !== undefined,
            oneEventPerRow: options['one-event-per-row'] !== undefined,
          });
          const report = done.report as import('./ingestFrSirene.ts').SireneReport;
          const c = done.counts;
          ctx.out(`fr.sirene ${done.version} (version: ${report.versionSource}) sha256 ${done.fileSha256}`);
          for (const f of report.files) {
            const unknown =
              f.unknownColumns.length > 0 ? `, unknown columns kept: ${f.unknownColumns.join(', ')}` : '';
            ctx.out(`  ${f.name}: ${f.rows} rows, sha256 ${f.sha256}, set aside ${f.rejected}${unknown}`);
          }
          ctx.out(
            `  rows ${c.rows}: recorded ${c.recorded}, changed ${c.changed}, unchanged ${c.unchanged}, dropped ${c.dropped}`,
          );
          if (done.blocks) ctx.out(`  block events ${done.blocks.events}, holding ${done.blocks.rows} rows`);
          return 0;
        } catch (err) {
          ctx.logger.error({ err: (err as Error).message }, 'fr.sirene pass failed');
          ctx.out(`fr.sirene: ${(err as Error).message}`);
          return 1;
        }
      });
    };
  },
};
