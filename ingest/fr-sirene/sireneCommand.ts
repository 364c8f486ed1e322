import { parseArgs } from 'node:util';
import type { CliCommand } from '../../ops/cli/context.ts';
import { ingestSirene, type SireneReport } from './ingestSirene.ts';

const USAGE = [
  'usage: registres ingest fr-sirene --unites-legales <StockUniteLegale_utf8.csv|.zip>',
  '                                  --etablissements <StockEtablissement_utf8.csv|.zip>',
  '                                  [--version YYYY-MM-DD] [--batch-size N]',
  'Without --version, the stock date comes from the file names (2025-11-01-StockUniteLegale_utf8.zip),',
  'else from the newest dateDernierTraitement of the rows (one more read of both files).',
];

/** `registres ingest fr-sirene ...`: one snapshot pass of the two Sirene stock files. */
export const sireneCommand: CliCommand = async (argv, ctx) => {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        'unites-legales': { type: 'string' },
        etablissements: { type: 'string' },
        version: { type: 'string' },
        'batch-size': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    return usage(ctx.out, (err as Error).message);
  }
  if (values.help) return usage(ctx.out);
  const unitesLegales = values['unites-legales'] as string | undefined;
  const etablissements = values.etablissements as string | undefined;
  if (!unitesLegales || !etablissements) return usage(ctx.out, 'both files are required');
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
    return usage(ctx.out, `--batch-size ${values['batch-size']}: expected a positive integer`);

  return ctx.withDatabase(async (db, store) => {
    try {
      const done = await ingestSirene({
        knex: db.knex,
        store,
        logger: ctx.logger,
        unitesLegales,
        etablissements,
        version: values.version as string | undefined,
        batchSize,
      });
      const report = done.report as SireneReport;
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
      return 0;
    } catch (err) {
      ctx.logger.error({ err: (err as Error).message }, 'fr.sirene pass failed');
      ctx.out(`fr.sirene: ${(err as Error).message}`);
      return 1;
    }
  });
};

function usage(out: (line: string) => void, problem?: string): number {
  if (problem) out(`fr-sirene: ${problem}`);
  for (const line of USAGE) out(line);
  return problem ? 2 : 0;
}
