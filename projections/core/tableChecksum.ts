import type { Knex } from 'knex';

/**
 * MD5 over a table's rows in their text form, sorted bytewise (collation "C"), so the result depends on
 * content only, never on physical order or the database's locale. Used to prove a rebuild is exact.
 */
export async function tableChecksum(knex: Knex, table: string): Promise<string> {
  const { rows } = await knex.raw<{ rows: { checksum: string }[] }>(
    `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as checksum
       from ?? as t`,
    [table],
  );
  return rows[0]!.checksum;
}
