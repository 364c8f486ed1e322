import { parseArgs } from 'node:util';
import type { CliCommand } from '../../ops/cli/context.ts';
import { createProgressReporter } from '../core/progressReporter.ts';
import { estimateRatiosRows, ingestRatios } from './ingestRatios.ts';

const USAGE =
  'usage: registres ingest fr-comptes <ratios_inpi_bce.csv> [--date YYYY-MM-DD]\n' +
  '  the CSV export of https://data.economie.gouv.fr/explore/dataset/ratios_inpi_bce/ (";", UTF-8);\n' +
  '  --date: date of the export (default: the file modification date, UTC)';

/** `npx registres ingest fr-comptes <file> [--date YYYY-MM-DD]` */
export const ratiosCommand: CliCommand = async (argv, ctx) => {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { date: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (values.help || !file) {
    ctx.out(USAGE);
    return values.help ? 0 : 2;
  }
  const { stat } = await import('node:fs/promises');
  const snapshotDate = values.date ?? (await stat(file)).mtime.toISOString().slice(0, 10);
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
    ingestRatios({
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
