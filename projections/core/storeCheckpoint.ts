import type { Knex } from 'knex';

export type StoreCheckpointResult =
  | { ok: true; position: bigint }
  | { ok: false; error: 'checkpoint_moved'; name: string; expected: bigint; message: string };

/**
 * Moves a checkpoint inside the batch's transaction (or alone, past batches skipped), as a compare-and-set: it only moves from the position
 * this instance last committed. Zero rows changed means another instance moved it (or a rebuild reset it):
 * the caller rolls back and stops; the checkpoint is never overwritten.
 */
export async function storeCheckpoint(
  trx: Knex | Knex.Transaction,
  name: string,
  expected: bigint,
  next: bigint,
): Promise<StoreCheckpointResult> {
  const updated = await trx.raw<{ rowCount: number | null }>(
    `update projection_state set position = ?, updated_at = now(), last_error = null
      where name = ? and position = ?`,
    [next.toString(), name, expected.toString()],
  );
  if (updated.rowCount === 1) return { ok: true, position: next };
  return {
    ok: false,
    error: 'checkpoint_moved',
    name,
    expected,
    message: `checkpoint of projection ${name} is no longer at ${expected}: another instance moved it`,
  };
}

/**
 * Several checkpoints moved alone (past batches skipped), each a compare-and-set as `storeCheckpoint`, in one
 * statement: the names of those moved. A projection missing from the answer was moved by another instance.
 */
export async function storeCheckpoints(
  knex: Knex,
  moves: readonly { name: string; from: bigint; to: bigint }[],
): Promise<Set<string>> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `update projection_state as p set position = m.next, updated_at = now(), last_error = null
       from (select unnest(?::text[]) as name, unnest(?::bigint[]) as expected, unnest(?::bigint[]) as next) as m
      where p.name = m.name and p.position = m.expected
     returning p.name`,
    [moves.map((m) => m.name), moves.map((m) => m.from.toString()), moves.map((m) => m.to.toString())],
  );
  return new Set(rows.map((r) => r.name));
}
