import type { Knex } from 'knex';

/** A row of `entity_block_rows` as text: register, id, kind, block position, index, pass. */
type IndexRow = string;

const AS_TEXT = `register || ' ' || entity_id || ' ' || kind || ' ' || position || ' ' || row_index || ' ' || pass`;

/** What `entity_block_rows` holds, sorted. */
export async function entityBlockRowsKept(knex: Knex): Promise<IndexRow[]> {
  const { rows } = await knex.raw<{ rows: { r: string }[] }>(
    `select ${AS_TEXT} as r from entity_block_rows order by 1`,
  );
  return rows.map((x) => x.r);
}

/** What it should hold: every entity of every block event in the log, read from the events themselves. */
export async function entityBlockRowsOfLog(knex: Knex): Promise<IndexRow[]> {
  const { rows } = await knex.raw<{ rows: { r: string }[] }>(
    `select ${AS_TEXT} as r from (
       select e.data->>'register' as register, t.id as entity_id, e.data->>'kind' as kind, e.position,
              (t.n - 1)::int as row_index, (e.metadata->>'pass')::bigint as pass
         from events e cross join lateral jsonb_array_elements_text(e.data->'ids') with ordinality as t(id, n)
        where e.type = 'EntitiesRecorded') x
      order by 1`,
  );
  return rows.map((x) => x.r);
}
