import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest eu-ted <files or folders...> [--date YYYY-MM-DD] [--version <label>]` */
export const euTedIngestSpec: IngestCommandSpec = {
  summary:
    'TED award notices (eForms ContractAwardNotice and TED XML R2.0.9), the copy kept as notice XML files',
  arguments: [
    {
      syntax: '<paths...>',
      description:
        'notice XML files (.xml or .xml.gz), daily or monthly packages (.tar.gz, https://ted.europa.eu/packages/daily/…), or folders of them',
    },
  ],
  options: [
    {
      name: 'date',
      value: '<YYYY-MM-DD>',
      description: 'date of the latest package the files hold (default: today, UTC)',
    },
    { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
  ],
  notes:
    'Each pass reads every file given: a notice absent from them is dropped, so give the whole copy (the folder the packages are kept in). Packages are read as they stream, never extracted. Only award notices with a French winner are kept; winners are kept as their published identifier and country, never their name.',
  async load() {
    const [{ ingestEuTed }, { createProgressReporter }] = await Promise.all([
      import('./ingestEuTed.ts'),
      import('../core/progressReporter.ts'),
    ]);
    return async ({ args, options }, ctx) => {
      const date = (options.date as string | undefined) ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      const progress = createProgressReporter({ label: 'eu.ted', logger: ctx.logger });
      const done = await ctx.withDatabase((db, store) =>
        ingestEuTed({
          knex: db.knex,
          store,
          logger: ctx.logger,
          paths: args,
          snapshotDate: date,
          version: typeof options.version === 'string' ? options.version : undefined,
          onProgress: (n) => progress.update(n),
        }),
      );
      progress.stop();
      const c = done.counts;
      ctx.out(
        `eu.ted ${done.version}: ${c.rows} notices, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
      );
      const r = done.report as { lignesEcartees?: number; attributairesFrancaisSansIdentifiant?: number };
      if (r.lignesEcartees)
        ctx.out(`${r.lignesEcartees} files set aside (unreadable, not a TED notice, older schema)`);
      if (r.attributairesFrancaisSansIdentifiant)
        ctx.out(
          `${r.attributairesFrancaisSansIdentifiant} French winners without a usable SIREN/SIRET (never matched)`,
        );
      return 0;
    };
  },
};
