import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { DATE_OPTIONS } from '../core/fileIngestCommand.ts';
import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** `registres ingest lt-jar --iregistruoti <file> [--finansai <file>]... [--date] [--version]` */
export const ltJarIngestSpec: IngestCommandSpec = {
  summary: 'Register of Legal Entities open data (registrucentras.lt/aduomenys CSV files)',
  options: [
    { name: 'iregistruoti', value: '<file>', description: 'JAR_IREGISTRUOTI.csv', required: true },
    {
      name: 'finansai',
      value: '<file>',
      description: 'a JAR_FA_RODIKLIAI_{PLNA|BLNS}_<YEAR>[_n].csv file (repeat for every year served)',
      repeatable: true,
    },
    ...DATE_OPTIONS,
  ],
  notes:
    'A pass is the whole register: give every accounts file served each time (a year left out is dropped).',
  async load() {
    const { ingestLtJar } = await import('./ingestLtJar.ts');
    return async ({ options }, ctx) => {
      const date = single(options.date) ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      const done = await ctx.withDatabase((db, store) =>
        ingestLtJar({
          knex: db.knex,
          store,
          logger: ctx.logger,
          files: { registered: single(options.iregistruoti)!, accounts: list(options.finansai) },
          snapshotDate: date,
          version: single(options.version) ?? date,
        }),
      );
      ctx.out(
        `${LT_JAR_REGISTER} ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ${done.counts.changed} changed, ${done.counts.dropped} dropped (sha256 ${done.fileSha256})`,
      );
      return 0;
    };
  },
};
