import { ES_BORME_REGISTER } from '../../schemas/events/esBormeEvents.ts';
import { DATE_OPTIONS } from '../core/fileIngestCommand.ts';
import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** `registres ingest es-borme --documento <file>... [--date] [--version]` */
export const esBormeIngestSpec: IngestCommandSpec = {
  summary: 'BORME section A "Actos inscritos" documents (boe.es, one PDF per day and province)',
  options: [
    {
      name: 'documento',
      value: '<file>',
      description:
        'a BORME-A-<year>-<number>-<province>.pdf document (repeat for every document of the base)',
      required: true,
      repeatable: true,
    },
    ...DATE_OPTIONS,
  ],
  notes:
    'A pass is the whole BORME base: give every document held each time (a document left out is dropped).',
  async load() {
    const { ingestEsBorme } = await import('./ingestEsBorme.ts');
    return async ({ options }, ctx) => {
      const date = single(options.date) ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      const done = await ctx.withDatabase((db, store) =>
        ingestEsBorme({
          knex: db.knex,
          store,
          logger: ctx.logger,
          documents: list(options.documento),
          snapshotDate: date,
          version: single(options.version) ?? date,
        }),
      );
      ctx.out(
        `${ES_BORME_REGISTER} ${done.version}: ${done.counts.rows} acts, ${done.counts.recorded} recorded, ${done.counts.changed} changed, ${done.counts.dropped} dropped (sha256 ${done.fileSha256})`,
      );
      return 0;
    };
  },
};
