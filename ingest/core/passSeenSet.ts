import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The entities a snapshot pass saw unchanged, in a table of the pass's own: rows appended without an index
 * (one heap insert per row, unlogged: no WAL), compared with the digests once, at the end, to find what the
 * pass did not see. Rows that differ are marked in `ingest_digests` instead (markSeen), and the entities the
 * pass did not see are marked there too before `SnapshotCompleted` (markUnseen), so the promotion never
 * needs this table: a server restarted after a crash empties unlogged tables, and a pass interrupted before
 * its completion is abandoned by the next one, which drops what is left of its table.
 */
export interface PassSeenSet {
  /** The table's name (in the current schema). */
  table: string;
}

/** Unique per register (whatever characters its name holds), then per pass. */
function tablePrefixOf(register: string): string {
  return `ingest_seen_${createHash('sha256').update(register).digest('hex').slice(0, 12)}_`;
}

/** Drops the tables left by the register's interrupted passes, then creates this pass's. */
export async function openSeenSet(knex: Knex, register: string, startPosition: bigint): Promise<PassSeenSet> {
  await dropSeenSets(knex, register);
  const table = `${tablePrefixOf(register)}${startPosition}`;
  if (!/^[a-z0-9_]+$/.test(table)) throw new Error(`unexpected seen table name ${table}`);
  await knex.raw('create unlogged table ?? (kind text not null, entity_id text not null)', [table]);
  return { table };
}

/** Drops every seen table of the register in the current schema (this pass's included). */
export async function dropSeenSets(knex: Knex, register: string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { tablename: string }[] }>(
    `select tablename from pg_tables where schemaname = current_schema() and starts_with(tablename, ?)`,
    [tablePrefixOf(register)],
  );
  for (const { tablename } of rows) await knex.raw('drop table if exists ??', [tablename]);
}

/**
 * Marks, for the promotion, every entity of the register that the pass neither marked (new or changed) nor
 * saw unchanged: the last completed pass's entities missing from this file and those only an unfinished pass
 * wrote. Their pass digest is cleared (the promotion deletes them); returns how many (null: the driver did not
 * say). One anti-join over the digests and the seen set, with room to hash in memory.
 */
export async function markUnseen(
  knex: Knex,
  register: string,
  passToken: string,
  seen: PassSeenSet,
): Promise<number | null> {
  return knex.transaction(async (trx) => {
    await trx.raw(`set local work_mem = '256MB'`);
    const result = await trx.raw(
      `update ingest_digests d set pass_digest = null, seen_version = ?
        where d.register = ? and d.seen_version is distinct from ?
          and not exists (select 1 from ?? s where s.kind = d.kind and s.entity_id = d.entity_id)`,
      [passToken, register, passToken, seen.table],
    );
    const { rowCount } = result as { rowCount?: number | null };
    return typeof rowCount === 'number' ? rowCount : null;
  });
}

/**
 * The entities markUnseen marked, read by key ranges a batch at a time, for their `EntityDropped`.
 */
export async function* unseenEntities(
  knex: Knex,
  register: string,
  passToken: string,
  batchSize: number,
): AsyncGenerator<{ kind: string; entity_id: string }[]> {
  let after: [string, string] = ['', ''];
  for (;;) {
    const rows = (
      await knex.raw(
        `select kind, entity_id from ingest_digests
          where register = ? and seen_version = ? and pass_digest is null and (kind, entity_id) > (?, ?)
          order by kind, entity_id limit ?`,
        [register, passToken, after[0], after[1], batchSize],
      )
    ).rows as { kind: string; entity_id: string }[];
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = [last.kind, last.entity_id];
  }
}
