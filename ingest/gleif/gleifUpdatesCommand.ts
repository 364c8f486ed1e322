import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/**
 * `registres ingest gleif-updates [--lei2 <delta>]... [--rr <delta>]... [--repex <delta>]...`: GLEIF delta
 * files (intra-day or last day, as downloaded) applied on top of the last completed full pass, in the order
 * given. The command reads files only: downloading them is the operator's (or a scheduler's).
 */
export const gleifUpdatesIngestSpec: IngestCommandSpec = {
  summary: 'GLEIF delta files (intra-day, last day) on top of the last full golden-copy pass',
  options: [
    {
      name: 'lei2',
      value: '<file>',
      description: 'an LEI-records delta (repeat, oldest first)',
      repeatable: true,
    },
    { name: 'rr', value: '<file>', description: 'a relationship-records delta (repeat)', repeatable: true },
    {
      name: 'repex',
      value: '<file>',
      description: 'a reporting-exceptions delta (repeat)',
      repeatable: true,
    },
  ],
  async load() {
    const { ingestGleifUpdates } = await import('./ingestGleifUpdates.ts');
    return async ({ options }, ctx) => {
      const files = { lei2: list(options.lei2), rr: list(options.rr), repex: list(options.repex) };
      if (!files.lei2 && !files.rr && !files.repex) {
        ctx.out('gleif-updates: give at least one delta file (--lei2, --rr or --repex)');
        return 2;
      }
      const done = await ctx.withDatabase((db, store) =>
        ingestGleifUpdates({ knex: db.knex, store, logger: ctx.logger, files }),
      );
      const c = done.counts;
      ctx.out(
        `gleif delta: ${c.updates} records, ${c.recorded} recorded, ${c.changed} changed, ${c.unchanged} unchanged (sha256 ${done.filesSha256})`,
      );
      return 0;
    };
  },
};
