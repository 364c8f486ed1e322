import type { Knex } from 'knex';
import type { EventHandler, Projection } from '../../../projections/core/projection.ts';
import { SNAPSHOT_EVENT_TYPES } from '../../../schemas/events/snapshotEvents.ts';

/** Each named index's definition as the catalogue gives it, null when the index does not exist. */
export async function indexDefinitions(
  knex: Knex,
  names: readonly string[],
): Promise<Record<string, string | null>> {
  const { rows } = await knex.raw<{ rows: { name: string; d: string | null }[] }>(
    'select n.name, pg_get_indexdef(to_regclass(n.name)) as d from unnest(?::text[]) as n(name)',
    [[...names]],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.d]));
}

export async function rowCount(knex: Knex, table: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>('select count(*) as n from ??', [table]);
  return Number(rows[0]!.n);
}

/** The row count the planner works with (`reltuples`: -1 until the table is first analysed or vacuumed). */
export async function plannedRows(knex: Knex, table: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: number }[] }>(
    'select reltuples::float8 as n from pg_class where oid = to_regclass(?)',
    [table],
  );
  return rows[0]!.n;
}

/**
 * The projection, failing on every batch that reaches `position` (an entity run or a snapshot event): a
 * projector that crashes there. What it committed before stays; the failing batch is rolled back.
 */
export function failingFrom(projection: Projection, position: bigint): Projection {
  const crash = (at: bigint) => {
    if (at >= position) throw new Error(`injected crash at ${at}`);
  };
  const handleRun = projection.handleRun;
  return {
    ...projection,
    handlers: {
      ...projection.handlers,
      ...Object.fromEntries(
        SNAPSHOT_EVENT_TYPES.map((type) => {
          const own = projection.handlers[type];
          const handler: EventHandler = async (trx, event) => {
            crash(event.position);
            await own?.(trx, event);
          };
          return [type, handler];
        }),
      ),
    },
    ...(handleRun
      ? {
          handleRun: async (trx, events) => {
            for (const e of events) crash(e.position);
            await handleRun(trx, events);
          },
        }
      : {}),
  };
}
