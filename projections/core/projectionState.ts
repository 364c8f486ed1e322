import type { Knex } from 'knex';
import type { Projection } from './projection.ts';

interface ProjectionStateRow {
  name: string;
  position: string;
  last_error: string | null;
}

export interface ProjectionState {
  name: string;
  position: bigint;
  lastError: string | null;
}

/**
 * Creates the checkpoint row (at 0) and one `projection_snapshots` row per followed register when missing.
 * The empty snapshot rows say "this projection follows that register and has published nothing yet", so
 * `readSnapshotStates` can tell a follower that is behind from a projection that does not follow the register.
 */
export async function ensureProjectionState(knex: Knex, projection: Projection): Promise<void> {
  await knex.raw(
    'insert into projection_state (name, position, updated_at) values (?, 0, now()) on conflict (name) do nothing',
    [projection.name],
  );
  await registerFollowedSnapshots(knex, projection);
}

export async function registerFollowedSnapshots(knex: Knex, projection: Projection): Promise<void> {
  if (projection.registers.length === 0) return;
  await knex.raw(
    `insert into projection_snapshots (projection, register)
     select ?, r from unnest(?::text[]) as u(r)
     on conflict (projection, register) do nothing`,
    [projection.name, projection.registers],
  );
}

export async function readCheckpoint(knex: Knex, name: string): Promise<bigint> {
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from projection_state where name = ?',
    [name],
  );
  return BigInt(rows[0]?.position ?? '0');
}

export async function readProjectionStates(knex: Knex, names: readonly string[]): Promise<ProjectionState[]> {
  const { rows } = await knex.raw<{ rows: ProjectionStateRow[] }>(
    'select name, position, last_error from projection_state where name = any(?::text[])',
    [[...names]],
  );
  return rows.map((r) => ({ name: r.name, position: BigInt(r.position), lastError: r.last_error }));
}

/** Records why a projection stopped. Touches only `last_error`: the checkpoint stays where the last commit left it. */
export async function recordFailure(knex: Knex, name: string, message: string): Promise<void> {
  await knex.raw('update projection_state set last_error = ?, updated_at = now() where name = ?', [
    message,
    name,
  ]);
}
