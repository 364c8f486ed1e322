import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';

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
  const psql = spawn(
    'psql',
    [
      opts.url,
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      `copy "${schema}".${table} from stdin with (format csv, header)`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  psql.stderr.on('data', (d) => {
    stderr += String(d);
  });
  // psql may exit early (bad URL, refused COPY): its exit code and message tell why, not a broken pipe.
  psql.stdin.on('error', () => {});
  createReadStream(opts.file).pipe(psql.stdin);
  const [code] = (await once(psql, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`psql COPY failed (${code}): ${stderr.trim()}`);
  const { rows } = await knex.raw<{ rows: { n: string }[] }>(`select count(*) as n from ${table}`);
  return Number(rows[0]!.n);
}
