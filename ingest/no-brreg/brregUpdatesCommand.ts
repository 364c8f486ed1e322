import { parseArgs } from 'node:util';
import type { CliCommand } from '../../ops/cli/context.ts';
import { ingestBrregUpdates } from './ingestBrregUpdates.ts';

const USAGE =
  'usage: registres ingest no-brreg-oppdateringer --oppdateringer <page.json> [--oppdateringer <page.json> ...] [--enheter <documents.json> ...] [--underenheter <documents.json> ...]';

/**
 * `registres ingest no-brreg-oppdateringer --oppdateringer <page.json> ...`: recorded pages of brreg's update
 * feed (and, optionally, the recorded entity documents of the updated units), applied on top of the last
 * completed bulk pass. The command reads files only: fetching the pages is the operator's (or a scheduler's).
 */
export const brregUpdatesCommand: CliCommand = async (argv, ctx) => {
  let values: { oppdateringer?: string[]; enheter?: string[]; underenheter?: string[] };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        oppdateringer: { type: 'string', multiple: true },
        enheter: { type: 'string', multiple: true },
        underenheter: { type: 'string', multiple: true },
      },
      strict: true,
    }));
  } catch (err) {
    ctx.out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.oppdateringer?.length) {
    ctx.out(`missing --oppdateringer\n${USAGE}`);
    return 2;
  }
  const done = await ctx.withDatabase((db, store) =>
    ingestBrregUpdates({
      knex: db.knex,
      store,
      logger: ctx.logger,
      files: {
        oppdateringer: values.oppdateringer!,
        enheter: values.enheter,
        underenheter: values.underenheter,
      },
    }),
  );
  const c = done.counts;
  ctx.out(
    `no.brreg oppdateringer ${done.firstUpdateId ?? '-'}..${done.lastUpdateId ?? '-'}: ${c.updates} updates, ${c.recorded} recorded, ${c.changed} changed, ${c.dropped} dropped, ${c.unchanged} unchanged, ${c.unresolved} unresolved`,
  );
  return 0;
};
