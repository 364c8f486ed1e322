import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import { DATE_OPTIONS } from '../core/fileIngestCommand.ts';
import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/** `registres ingest hr-sudreg --detalji <file> [--date] [--version]` */
export const hrSudregIngestSpec: IngestCommandSpec = {
  summary: 'Court register (Sudski registar open API): a recorded daily snapshot of detalji_subjekta answers',
  options: [
    {
      name: 'detalji',
      value: '<file>',
      description: 'JSON array of detalji_subjekta answers (expand_relations=true), .json or .json.gz',
      required: true,
    },
    ...DATE_OPTIONS,
  ],
  notes:
    'The file is recorded from sudreg-data.gov.hr with OAuth client credentials from configuration; this command reads the recording only (no network). A pass is the whole register.',
  async load() {
    const { ingestHrSudreg } = await import('./ingestHrSudreg.ts');
    return async ({ options }, ctx) => {
      const date = single(options.date) ?? new Date().toISOString().slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
        ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
        return 2;
      }
      const done = await ctx.withDatabase((db, store) =>
        ingestHrSudreg({
          knex: db.knex,
          store,
          logger: ctx.logger,
          file: single(options.detalji)!,
          snapshotDate: date,
          version: single(options.version) ?? date,
        }),
      );
      ctx.out(
        `${HR_SUDREG_REGISTER} ${done.version}: ${done.counts.rows} rows, ${done.counts.recorded} recorded, ${done.counts.changed} changed, ${done.counts.dropped} dropped (sha256 ${done.fileSha256})`,
      );
      return 0;
    };
  },
};
