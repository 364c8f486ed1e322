import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { copyThroughPsql } from '../core/psqlCopy.ts';

/**
 * The baseline: PostgreSQL `COPY ... FROM STDIN (FORMAT csv, HEADER)` of the same file into a bare table of
 * text columns (no key, no index), through `psql`, the reference client. Returns the rows the table holds.
 */
export async function copyIntoBareTable(opts: {
  knex: Knex;
  url: string;
  schema: string;
  table: string;
  columns: readonly string[];
  file: string;
}): Promise<number> {
  const { knex, schema, table } = opts;
  await knex.raw(`drop table if exists ${table}`);
  await knex.raw(`create table ${table} (${opts.columns.map((c) => `"${c}" text`).join(', ')})`);
  await copyThroughPsql(opts.url, `copy "${schema}".${table} from stdin with (format csv, header)`, (stdin) =>
    pipeline(createReadStream(opts.file), stdin),
  );
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${table}`);
  return Number(rows[0]!.n);
}
