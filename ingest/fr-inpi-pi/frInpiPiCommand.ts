import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

/** `registres ingest fr-inpi-pi <files or folders...> [--date YYYY-MM-DD] [--version <label>]` */
export const frInpiPiIngestSpec: IngestCommandSpec = {
  summary:
    'INPI industrial property: French trademarks (ST.66 XML, TradeMark) and patents (fr-patent-document XML)',
  arguments: [
    {
      syntax: '<paths...>',
      description:
        'INPI XML files (.xml or .xml.gz: FR_FRNEWST66_<YYYY-WW>.xml, one fr-patent-document per file), ZIP archives of them (FR_FRST66_<YYYY-WW>.zip), or folders of them',
    },
  ],
  options: [
    {
      name: 'date',
      value: '<YYYY-MM-DD>',
      description: 'date of the latest file the copy holds (default: today, UTC)',
    },
    { name: 'version', value: '<label>', description: 'version label of the pass (default: the date)' },
  ],
  notes:
    'Each pass reads every file given: a title absent from them is dropped, so give the whole copy (stock and weekly files). Files are read newest first (reverse name order): the latest version of a title wins. Streamed, archives never extracted. Only titles with a holder’s SIREN are kept, as SIRENs: no inventor, representative, holder’s name or address is read.',
  async load() {
    const [{ ingestFrInpiPi }, { createProgressReporter }] = await Promise.all([
      import('./ingestFrInpiPi.ts'),
      import('../core/progressReporter.ts'),
    ]);
    return async ({ args, options }, ctx) => {
      const date = (options.date as string | undefined) ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      const progress = createProgressReporter({ label: 'fr.inpi-pi', logger: ctx.logger });
      const done = await ctx.withDatabase((db, store) =>
        ingestFrInpiPi({
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
        `fr.inpi-pi ${done.version}: ${c.rows} titles, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged`,
      );
      const r = done.report as { lignesEcartees?: number; titresSansSiren?: number };
      if (r.lignesEcartees)
        ctx.out(`${r.lignesEcartees} documents or titles set aside (unreadable, no number)`);
      if (r.titresSansSiren) ctx.out(`${r.titresSansSiren} titles without a holder's SIREN (not kept)`);
      return 0;
    };
  },
};
