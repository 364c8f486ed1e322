import type { IngestCommandSpec } from '../core/ingestCommandSpec.ts';

const list = (v: string | string[] | undefined) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/**
 * `registres ingest no-brreg-oppdateringer --oppdateringer <page.json> ...`: recorded pages of brreg's update
 * feed (and, optionally, the recorded entity documents of the updated units), applied on top of the last
 * completed bulk pass. The command reads files only: fetching the pages is the operator's (or a scheduler's).
 */
export const noBrregUpdatesIngestSpec: IngestCommandSpec = {
  summary: 'Enhetsregisteret update feed on top of the last bulk pass (recorded pages and documents)',
  options: [
    {
      name: 'oppdateringer',
      value: '<page.json>',
      description: 'a recorded page of the update feed (repeat for several)',
      required: true,
      repeatable: true,
    },
    { name: 'enheter', value: '<documents.json>', description: 'recorded unit documents', repeatable: true },
    {
      name: 'underenheter',
      value: '<documents.json>',
      description: 'recorded sub-unit documents',
      repeatable: true,
    },
  ],
  async load() {
    const { ingestNoBrregUpdates } = await import('./ingestNoBrregUpdates.ts');
    return async ({ options }, ctx) => {
      const done = await ctx.withDatabase((db, store) =>
        ingestNoBrregUpdates({
          knex: db.knex,
          store,
          logger: ctx.logger,
          files: {
            oppdateringer: list(options.oppdateringer)!,
            enheter: list(options.enheter),
            underenheter: list(options.underenheter),
          },
        }),
      );
      const c = done.counts;
      ctx.out(
        `no.brreg oppdateringer ${done.firstUpdateId ?? '-'}..${done.lastUpdateId ?? '-'}: ${c.updates} updates, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged, ${c.unresolved} unresolved`,
      );
      return 0;
    };
  },
};
