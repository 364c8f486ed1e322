import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { from as copyFrom } from 'pg-copy-streams';
import type { Migration } from '../../database/migrations.ts';
import type { EntityBlockRow, NewEvent } from '../port.ts';

/**
 * `entity_block_rows`: per register and pass, each entity a block event recorded, with the block's position
 * and the entity's index in the block. Written in the block's own append transaction (never one without the
 * other, whatever kills the process), it answers "which blocks hold this entity" without reading the blocks
 * stream (`registres audit row`, entityHistory). The log stays the truth: the table is rebuilt from it by its
 * migration.
 */
export const ENTITY_BLOCK_ROWS_TABLE = 'entity_block_rows';

export const entityBlockRowsMigration: Migration = {
  name: '0330_eventstore_entity_block_rows',
  async up(knex) {
    await knex.raw(`
      create table ${ENTITY_BLOCK_ROWS_TABLE} (
        register text not null,
        entity_id text not null,
        kind text not null,
        position bigint not null,
        row_index integer not null,
        pass bigint not null,
        primary key (register, entity_id, kind, position, row_index)
      )`);
    // The blocks a log already holds (written before this table).
    await knex.raw(`
      insert into ${ENTITY_BLOCK_ROWS_TABLE} (register, entity_id, kind, position, row_index, pass)
      select e.data->>'register', t.id, e.data->>'kind', e.position, (t.n - 1)::int, (e.metadata->>'pass')::bigint
        from events e cross join lateral jsonb_array_elements_text(e.data->'ids') with ordinality as t(id, n)
       where e.type = 'EntitiesRecorded'`);
  },
};

/** One row of the table, as written. */
type Row = [register: string, entityId: string, kind: string, position: string, index: number, pass: string];

/** The table's rows for appended events, given each event's position (in the events' order). */
export function entityBlockRowsOf(events: readonly NewEvent[], positions: readonly string[]): Row[] {
  const rows: Row[] = [];
  events.forEach((e, i) => {
    const of = e.entityRows;
    if (!of) return;
    of.ids.forEach((id, index) => {
      rows.push([of.register, id, of.kind, positions[i]!, index, of.pass]);
    });
  });
  return rows;
}

/** Multi-row insert (the embedded database, or a batch of several streams): one statement of arrays. */
export async function insertEntityBlockRows(trx: Knex.Transaction, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (i: number): readonly Knex.Value[] => rows.map((r) => r[i] as string | number);
  await trx.raw(
    `insert into ${ENTITY_BLOCK_ROWS_TABLE} (register, entity_id, kind, position, row_index, pass)
     select * from unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::int[], ?::bigint[])`,
    [column(0), column(1), column(2), column(3), column(4), column(5)] as unknown as Knex.RawBinding[],
  );
}

/** `COPY … FROM STDIN` on the transaction's connection (PostgreSQL servers, where the block append copies too). */
export async function copyEntityBlockRows(
  connection: { query(stream: unknown): NodeJS.WritableStream },
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const copy = connection.query(
    copyFrom(
      `copy ${ENTITY_BLOCK_ROWS_TABLE} (register, entity_id, kind, position, row_index, pass) from stdin`,
    ),
  );
  // One chunk for the whole COPY: pg-copy-streams writes each chunk to the socket as two writes (its header
  // and its bytes), so a chunk a row was two system calls a row (30 µs a row of the ingest's CPU at 1 M rows).
  const text = rows.map((r) => `${r.map((v) => copyText(String(v))).join('\t')}\n`).join('');
  await pipeline(Readable.from([text]), copy);
}

/** The block events that recorded an entity, in log order. */
export async function readEntityBlocks(
  knex: Knex,
  register: string,
  id: string,
  kind?: string,
): Promise<EntityBlockRow[]> {
  const { rows } = await knex.raw<{
    rows: { at: string; row_index: number; kind: string; pass: string }[];
  }>(
    // Not aliased `position`: the text would then be what sorts.
    `select position::text as at, row_index, kind, pass::text from ${ENTITY_BLOCK_ROWS_TABLE}
      where register = ? and entity_id = ? and (?::text is null or kind = ?)
      order by position, row_index`,
    [register, id, kind ?? null, kind ?? null],
  );
  return rows.map((r) => ({
    position: BigInt(r.at),
    index: r.row_index,
    kind: r.kind,
    pass: BigInt(r.pass),
  }));
}

/**
 * A value in COPY's text format: backslash, tab, line feed and carriage return escaped. Each character is
 * searched by the engine's indexOf (memchr-like) rather than a regular expression, which steps through a block
 * event's megabytes of JSON a character at a time; each is replaced by the engine's own replace of a plain
 * string (a backslash stands wherever a text holds a quote: a callback per match cost more than the search).
 */
export function copyText(value: string): string {
  let text = value;
  if (text.includes('\\')) text = text.replaceAll('\\', '\\\\');
  if (text.includes('\t')) text = text.replaceAll('\t', '\\t');
  if (text.includes('\n')) text = text.replaceAll('\n', '\\n');
  if (text.includes('\r')) text = text.replaceAll('\r', '\\r');
  return text;
}
