import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import {
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  type SnapshotCompletedData,
} from '../../schemas/events/snapshotEvents.ts';
import { analyzeTables } from './analyzeTables.ts';
import { followedPass } from './followedPass.ts';
import type { BulkLoad, Projection } from './projection.ts';

/**
 * A first pass or a rebuild loads in bulk: rows are written without the secondary indexes and derived-data
 * triggers a projection declares (`Projection.bulkLoad`), which are created again once, when a pass
 * completes, from the definitions the catalogue held when they were dropped (so exactly what the migrations
 * created). Maintaining GIN indexes row by row was most of the search index's projection time; building
 * one over a million names takes seconds.
 *
 * When it happens, all in the batch's transaction (so a crash rolls it back with the checkpoint):
 * - a pass starts while the projection has published no snapshot of any register it follows (first pass,
 *   or replay after a reset): the indexes and triggers are dropped, their definitions kept in
 *   `projection_bulk_loads`. No reader sees the tables meanwhile: the freshness guard answers
 *   `collecte_en_cours` until a snapshot is published.
 * - a snapshot of any register it follows completes: the fill, the indexes and the triggers come back in the
 *   transaction that publishes it, so no reader ever sees a published snapshot without them.
 * A crash in between resumes from the checkpoint with the indexes still absent and the state row present.
 * Later passes are staged and applied with every index in place (stagedPass.ts).
 *
 * Every completed pass that changed anything ends with ANALYZE of the projection's tables: planners must not
 * wait for autovacuum, which may be off. A pass that changed nothing leaves the statistics as they were.
 */
export const bulkLoadMigrations: Migration[] = [
  {
    name: '0103_projection_bulk_loads',
    async up(knex) {
      await knex.raw(`
        create table projection_bulk_loads (
          projection text primary key,
          -- the pass that started it, for the operator
          register text not null,
          version text not null,
          -- what was dropped, as the catalogue defined it (pg_get_indexdef, pg_get_triggerdef)
          definitions text[] not null
        )`);
    },
  },
  {
    name: '0104_projection_bulk_loads_growth',
    async up(knex) {
      // Events applied since the load began, and at how many the tables were last analysed.
      await knex.raw(`
        alter table projection_bulk_loads
          add column applied bigint not null default 0,
          add column analysed_at bigint not null default 0`);
    },
  },
];

/** A bulk load's tables are first analysed after this many events, then each time the count doubles. */
const ANALYSE_FIRST_AT = 1000;

/**
 * During a bulk load, analyses the projection's tables each time the events applied since it began double
 * (about twenty times over the full Sirene stock). A table loaded from empty without statistics is planned as
 * tiny: the list table's refresh, whose lateral lookups then scanned whole tables, went quadratic (100,000
 * companies took 349 s; analysed as they grow, 15 s). `applied`: the events this batch applied directly.
 */
export async function analyseAsLoadGrows(
  trx: Knex.Transaction,
  projection: Projection,
  applied: number,
): Promise<void> {
  if (!projection.bulkLoad || applied === 0) return;
  const { rows } = await trx.raw<{ rows: { applied: string; analysed_at: string }[] }>(
    'update projection_bulk_loads set applied = applied + ? where projection = ? returning applied, analysed_at',
    [applied, projection.name],
  );
  const load = rows[0];
  if (!load) return;
  if (Number(load.applied) < Math.max(ANALYSE_FIRST_AT, 2 * Number(load.analysed_at))) return;
  await analyzeTables(trx, projection.tables);
  await trx.raw('update projection_bulk_loads set analysed_at = applied where projection = ?', [
    projection.name,
  ]);
}

/** Bulk-load bookkeeping at a snapshot event of a register the projection follows (after its own handling). */
export async function followBulkLoad(
  trx: Knex.Transaction,
  projection: Projection,
  event: RecordedEvent,
): Promise<void> {
  const pass = followedPass(projection, event);
  if (!pass) return;
  const bulk = projection.bulkLoad;
  if (event.type === SNAPSHOT_STARTED && bulk) {
    if ((await publishesAnything(trx, projection)) || (await isLoading(trx, projection))) return;
    await beginBulkLoad(trx, projection, bulk, pass);
  } else if (event.type === SNAPSHOT_COMPLETED) {
    // Even for a projection that no longer declares a bulk load: what was dropped must come back.
    const loaded = await finishBulkLoad(trx, projection);
    // A pass that recorded, changed and dropped nothing changed no table: the statistics still describe them
    // (an unchanged monthly pass analysed every table of every read model, seconds of a 74 M-row stock's).
    if (!loaded && passChangedNothing(event.data as { counts?: unknown } | null)) return;
    // Every read model, loaded in bulk or not (a keyed table filled row by row is as new to the planner).
    await analyzeTables(trx, projection.tables);
  }
}

async function beginBulkLoad(
  trx: Knex.Transaction,
  projection: Projection,
  bulk: BulkLoad,
  pass: { register: string; version: string },
): Promise<void> {
  // An index or trigger already absent (renamed by a later migration, say) is left out, not a failure.
  const indexes = (
    await trx.raw<{ rows: { name: string; definition: string }[] }>(
      `select c.oid::regclass::text as name, pg_get_indexdef(c.oid) as definition
         from unnest(?::text[]) with ordinality as n(name, i)
         join pg_class c on c.oid = to_regclass(n.name)
        order by n.i`,
      [[...bulk.indexes]],
    )
  ).rows;
  const triggers = (
    await trx.raw<{ rows: { name: string; relation: string; definition: string }[] }>(
      `select t.tgname as name, t.tgrelid::regclass::text as relation, pg_get_triggerdef(t.oid) as definition
         from unnest(?::text[], ?::text[]) with ordinality as n(relation, name, i)
         join pg_trigger t on t.tgrelid = to_regclass(n.relation) and t.tgname = n.name
        order by n.i`,
      [(bulk.triggers ?? []).map((t) => t.table), (bulk.triggers ?? []).map((t) => t.name)],
    )
  ).rows;
  for (const i of indexes) await trx.raw(`drop index ${i.name}`);
  for (const t of triggers) await trx.raw(`drop trigger ?? on ${t.relation}`, [t.name]);
  await trx.raw(
    'insert into projection_bulk_loads (projection, register, version, definitions) values (?, ?, ?, ?)',
    [projection.name, pass.register, pass.version, [...indexes, ...triggers].map((o) => o.definition)],
  );
}

/**
 * Ends the projection's bulk load, if one is running (true when one was): the fill, then the indexes and
 * triggers as they were defined, in the transaction that publishes the pass.
 */
async function finishBulkLoad(trx: Knex.Transaction, projection: Projection): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: { definitions: string[] }[] }>(
    'delete from projection_bulk_loads where projection = ? returning definitions',
    [projection.name],
  );
  if (!rows[0]) return false;
  // Index builds sort in memory up to this much (the server default, 64 MB, spills a large GIN build to disk).
  await trx.raw("set local maintenance_work_mem = '256MB'");
  await projection.bulkLoad?.fill?.(trx);
  for (const definition of rows[0].definitions) await trx.raw(definition);
  return true;
}

/** A completed pass whose counts say it recorded, changed and dropped nothing (counts absent: it may have). */
function passChangedNothing(data: { counts?: unknown } | null): boolean {
  const counts = data?.counts as Partial<SnapshotCompletedData['counts']> | undefined;
  if (!counts) return false;
  return counts.recorded === 0 && counts.changed === 0 && counts.dropped === 0;
}

const isLoading = (trx: Knex.Transaction, projection: Projection) => isBulkLoading(trx, projection.name);

/** Whether the projection is loading in bulk: its handlers may then leave to `fill` what it rewrites at the end. */
export async function isBulkLoading(trx: Knex.Transaction, projection: string): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    'select 1 from projection_bulk_loads where projection = ?',
    [projection],
  );
  return rows.length > 0;
}

async function publishesAnything(trx: Knex.Transaction, projection: Projection): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    'select 1 from projection_snapshots where projection = ? and version is not null limit 1',
    [projection.name],
  );
  return rows.length > 0;
}
