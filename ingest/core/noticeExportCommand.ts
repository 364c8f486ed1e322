import type { IngestCommandSpec } from './ingestCommandSpec.ts';
import type { NoticeExportOptions, NoticePassResult } from './noticePass.ts';

export type NoticeExportIngest = (args: NoticeExportOptions) => Promise<NoticePassResult>;

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);

/**
 * `registres ingest <register> <export.json|jsonl> [--date YYYY-MM-DD] [--version V]` for the registers
 * published as notice exports of the official-journal open data (BODACC, JOAFE).
 */
export function noticeExportSpec(opts: {
  label: string;
  summary: string;
  load(): Promise<NoticeExportIngest>;
}): IngestCommandSpec {
  return {
    summary: opts.summary,
    arguments: [
      { syntax: '<export>', description: 'the export file (JSON, JSONL, or a recorded API answer)' },
    ],
    options: [
      { name: 'date', value: '<YYYY-MM-DD>', description: 'date of the export (default: today, UTC)' },
      { name: 'version', value: '<label>', description: 'version label (default: from the export)' },
    ],
    async load() {
      const [ingest, { createProgressReporter }] = await Promise.all([
        opts.load(),
        import('./progressReporter.ts'),
      ]);
      return async ({ args, options }, ctx) => {
        const date = single(options.date);
        if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
          ctx.out(`--date must be YYYY-MM-DD, got "${date}"`);
          return 2;
        }
        return ctx.withDatabase(async (db, store) => {
          const progress = createProgressReporter({ label: opts.label, logger: ctx.logger });
          const result = await ingest({
            knex: db.knex,
            store,
            logger: ctx.logger,
            file: args[0]!,
            date,
            version: single(options.version),
            onProgress: (n) => progress.update(n),
          });
          progress.stop();
          if (result.status === 'already_ingested') {
            ctx.out(
              `${opts.label}: this export was already ingested (version ${result.version}); nothing appended`,
            );
          } else {
            const c = result.completed.counts;
            ctx.out(
              `${opts.label} ${result.completed.version}: ${c.rows} notices read, ${c.recorded} new, ${c.changed} changed, ${c.unchanged} already known`,
            );
          }
          return 0;
        });
      };
    },
  };
}
