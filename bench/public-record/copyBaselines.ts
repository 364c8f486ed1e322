import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { copyThroughPsql } from '../core/psqlCopy.ts';

/**
 * The baseline of a JSON register: its records, one JSON a line as the generated file holds them (without the
 * enclosing array), COPY … FROM STDIN through psql into a bare table of one `jsonb` column: every record
 * read, parsed and stored once, no key, no index. Returns the rows the table holds.
 */
export async function copyJsonRecords(opts: {
  knex: Knex;
  url: string;
  schema: string;
  file: string;
  /** `text` for records that are not JSON (an XML element a line). */
  columnType?: 'jsonb' | 'text';
}): Promise<number> {
  const table = 'bench_copy_records';
  await opts.knex.raw(`drop table if exists ${table}`);
  await opts.knex.raw(`create table ${table} (record ${opts.columnType ?? 'jsonb'})`);
  // CSV with a delimiter and a quote no JSON text holds: each line is one field, taken as it is.
  await copyThroughPsql(
    opts.url,
    `copy "${opts.schema}".${table} from stdin with (format csv, delimiter E'\\x01', quote E'\\x02')`,
    (stdin) => pipeline(createReadStream(opts.file), stdin, { end: false }),
  );
  return countAndDrop(opts.knex, table);
}

/**
 * The baseline of a CSV register: each file COPY … FROM STDIN (format csv, its header skipped, its
 * delimiter) through psql into a bare table of one text column per header column: every row read, split into
 * its fields and stored once, no key, no index. Returns the rows the tables held.
 */
export async function copyCsvFiles(opts: {
  knex: Knex;
  url: string;
  schema: string;
  files: readonly { file: string; columns: number }[];
  delimiter: string;
  /** The files' encoding when not UTF-8 (`LATIN1` for Géorisques' export). */
  encoding?: string;
}): Promise<number> {
  let rows = 0;
  for (const [i, f] of opts.files.entries()) {
    const table = `bench_copy_csv_${i}`;
    await opts.knex.raw(`drop table if exists ${table}`);
    const columns = Array.from({ length: f.columns }, (_, c) => `c${c} text`).join(', ');
    await opts.knex.raw(`create table ${table} (${columns})`);
    await copyThroughPsql(
      opts.url,
      `copy "${opts.schema}".${table} from stdin with (format csv, header true, delimiter '${opts.delimiter}'${opts.encoding ? `, encoding '${opts.encoding}'` : ''})`,
      (stdin) => pipeline(createReadStream(f.file), stdin, { end: false }),
    );
    rows += await countAndDrop(opts.knex, table);
  }
  return rows;
}

async function countAndDrop(knex: Knex, table: string): Promise<number> {
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${table}`);
  await knex.raw(`drop table ${table}`);
  return Number(rows[0]!.n);
}
