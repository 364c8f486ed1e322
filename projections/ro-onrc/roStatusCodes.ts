import type { Knex } from 'knex';
import type { RoStatusCode } from './roStatut.ts';

/** A firm's status codes with their nomenclature labels (null when the nomenclature does not list the code). */
export async function readStatusCodes(
  knex: Knex,
  statuses: string,
  labels: string,
  cod: string,
): Promise<RoStatusCode[]> {
  const { rows } = await knex.raw(
    `select s.code, l.label from ${statuses} s left join ${labels} l on l.code = s.code
      where s.cod = ? order by s.code`,
    [cod],
  );
  return (rows as { code: string; label: string | null }[]).map((r) => ({ code: r.code, label: r.label }));
}
