import type { Knex } from 'knex';
import type { Projection } from '../../projections/core/projection.ts';

/**
 * The read model of the kafka bench, shared by the bench process (the PostgreSQL subscription baseline) and
 * its consumer-group member processes: one row per stream, so the work per event is one upsert, as an entity
 * read model's. Each row keeps the server's clock when the transaction that applied it began and when it was
 * written, so the rate can be read from the first event applied to the last whatever process applied them:
 * from the start of the first applying transaction (its whole batch's work inside) to the last row written.
 */
export const benchProjection: Projection = {
  name: 'bench_kafka',
  registers: [],
  tables: ['bench_kafka_rows'],
  migrations: [
    {
      name: 'bench_kafka_rows',
      async up(knex) {
        await knex.raw(
          `create table bench_kafka_rows (
             stream text primary key,
             n bigint not null,
             begun_at timestamptz not null default transaction_timestamp(),
             applied_at timestamptz not null default clock_timestamp())`,
        );
      },
    },
  ],
  handlers: {},
  async handleRun(trx, events) {
    await trx.raw(
      `insert into bench_kafka_rows (stream, n) select * from unnest(?::text[], ?::bigint[])
       on conflict (stream) do update
         set n = excluded.n, begun_at = transaction_timestamp(), applied_at = clock_timestamp()`,
      [events.map((e) => e.streamId), events.map((e) => e.position.toString())],
    );
  },
};
benchProjection.handlers.EntityRecorded = async (trx, e) => benchProjection.handleRun!(trx, [e]);

/** Rows of the read model: with one event per stream, the events applied so far. */
export async function appliedCount(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>('select count(*) as n from bench_kafka_rows');
  return Number(rows[0]?.n ?? 0);
}

/** Seconds from the start of the first transaction that applied a row to the last row written (server clock). */
export async function appliedSpanSeconds(knex: Knex): Promise<number> {
  const { rows } = await knex.raw<{ rows: { s: string | null }[] }>(
    'select extract(epoch from max(applied_at) - min(begun_at)) as s from bench_kafka_rows',
  );
  return Number(rows[0]?.s ?? 0);
}
