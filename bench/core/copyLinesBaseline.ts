import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { copyThroughPsql } from './psqlCopy.ts';

/**
 * The baseline of a file register's ingest: PostgreSQL `COPY … FROM STDIN` of the same files' bytes into a
 * bare one-column table, one row per line (no parsing, no key, no index), through `psql`, the reference
 * client. What any ingest of these files must at least do: read every byte and write it to the database.
 * Returns the lines the table holds.
 */
export async function copyLinesIntoBareTable(opts: {
  knex: Knex;
  url: string;
  schema: string;
  files: readonly string[];
}): Promise<number> {
  const { knex, schema } = opts;
  const table = 'bench_copy_lines';
  await knex.raw(`drop table if exists ${table}`);
  await knex.raw(`create table ${table} (line text)`);
  // One COPY for every file (one psql, the files streamed one after the other): a day of 25 small documents
  // must not be measured as 25 process starts. CSV with a delimiter and a quote no text file holds: each line
  // is one field, taken as it is.
  await copyThroughPsql(
    opts.url,
    `copy "${schema}".${table} from stdin with (format csv, delimiter E'\\x01', quote E'\\x02')`,
    async (stdin) => {
      for (const file of opts.files) {
        await pipeline(createReadStream(file), stdin, { end: false });
        // A file whose last line has no line feed must not run into the next file's first line.
        if (!(await endsWithLineFeed(file))) stdin.write('\n');
      }
    },
  );
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${table}`);
  const lines = Number(rows[0]!.n);
  await knex.raw(`drop table ${table}`);
  return lines;
}

async function endsWithLineFeed(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    await handle.close();
  }
}
