import type { Knex } from 'knex';
import { type BareRow, bareRowBatches } from './benchEntries.ts';

export const BARE_TABLE = 'bench_bare_events';

/** The baseline table: the event log's payload columns, no key, no index, no default. */
export async function createBareTable(knex: Knex): Promise<void> {
  await knex.raw(`drop table if exists ${BARE_TABLE}`);
  await knex.raw(`
    create table ${BARE_TABLE} (
      stream_id text not null,
      stream_version bigint not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null
    )`);
}

/** PostgreSQL accepts at most 65,535 parameters per statement: 5 columns per row. */
const MAX_ROWS_PER_STATEMENT = Math.floor(65535 / 5);

/**
 * The baseline: plain `insert ... values (...), (...)` of `batch` rows per batch, one statement per batch
 * (split into several in one transaction only above 13,107 rows), no lock, no lookup. Returns rows inserted.
 */
export async function bareInsertValues(knex: Knex, count: number, batch: number): Promise<number> {
  const sqlFor = new Map<number, string>();
  const statement = (rows: number) => {
    let sql = sqlFor.get(rows);
    if (!sql) {
      const tuple = '(?, ?, ?, ?, ?)';
      sql = `insert into ${BARE_TABLE} (stream_id, stream_version, type, data, metadata) values ${Array(rows).fill(tuple).join(', ')}`;
      sqlFor.set(rows, sql);
    }
    return sql;
  };
  const insert = async (conn: Knex | Knex.Transaction, rows: BareRow[]) => {
    const bindings: string[] = [];
    for (const r of rows) bindings.push(r.streamId, r.version, r.type, r.data, r.metadata);
    await conn.raw(statement(rows.length), bindings);
  };
  let total = 0;
  for (const rows of bareRowBatches(count, batch)) {
    if (rows.length <= MAX_ROWS_PER_STATEMENT) await insert(knex, rows);
    else
      await knex.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += MAX_ROWS_PER_STATEMENT)
          await insert(trx, rows.slice(i, i + MAX_ROWS_PER_STATEMENT));
      });
    total += rows.length;
  }
  return total;
}

/**
 * Diagnostic: the same bare table fed with the event log's statement shape (`insert ... select from
 * unnest(arrays)`), to tell the cost of the statement shape from that of the lock, lookup and indexes.
 */
export async function bareInsertUnnest(knex: Knex, count: number, batch: number): Promise<number> {
  let total = 0;
  for (const rows of bareRowBatches(count, batch)) {
    await knex.raw(
      `insert into ${BARE_TABLE} (stream_id, stream_version, type, data, metadata)
       select s, v, t, d, m from unnest(?::text[], ?::bigint[], ?::text[], ?::jsonb[], ?::jsonb[]) as u(s, v, t, d, m)`,
      [
        rows.map((r) => r.streamId),
        rows.map((r) => r.version),
        rows.map((r) => r.type),
        rows.map((r) => r.data),
        rows.map((r) => r.metadata),
      ],
    );
    total += rows.length;
  }
  return total;
}
