import type { Knex } from 'knex';
import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import type { EntityBinding } from '../core/entityHandlers.ts';

type Row = Record<string, unknown>;

/**
 * A statement file of the annual accounts (balance sheets, income statements, cash-flow statements): one
 * published row per filed report, keyed by `statement_id` (the `id` of `financial_statements.csv`, which
 * names the company).
 */
export async function createStatementTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`create table ${table} (statement_id text primary key, record jsonb not null)`);
}

export function statementBinding(kind: string, table: string): EntityBinding {
  return {
    register: LV_UR_REGISTER,
    kind,
    async upsert(trx, data) {
      await trx.raw(
        `insert into ${table} (statement_id, record) values (?, ?::jsonb)
         on conflict (statement_id) do update set record = excluded.record`,
        [data.id, JSON.stringify(data.record)],
      );
    },
    async drop(trx, data) {
      await trx.raw(`delete from ${table} where statement_id = ?`, [data.id]);
    },
  };
}

/** The rows of the given reports, by report id. */
export async function readStatements(knex: Knex, table: string, ids: string[]): Promise<Map<string, Row>> {
  if (ids.length === 0) return new Map();
  const { rows } = await knex.raw(
    `select statement_id, record from ${table} where statement_id = any(?::text[])`,
    [ids],
  );
  return new Map((rows as { statement_id: string; record: Row }[]).map((r) => [r.statement_id, r.record]));
}
