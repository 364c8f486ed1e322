import type { Knex } from 'knex';
import { forgetReadyPasses } from './jointPublication.ts';
import type { Projection } from './projection.ts';
import { registerFollowedSnapshots } from './projectionState.ts';

/**
 * The first half of a rebuild, in one transaction: empty the projection's tables (identities restarted,
 * so a replay writes the same rows), put its checkpoint back to 0 and forget its snapshot state. The caller
 * must have stopped the projection's subscription first. Another instance still running it will find its
 * checkpoint moved at its next batch and stop.
 */
export async function resetProjection(knex: Knex, projection: Projection): Promise<void> {
  await knex.transaction(async (trx) => {
    if (projection.tables.length > 0) {
      await trx.raw(
        `truncate table ${projection.tables.map(() => '??').join(', ')} restart identity`,
        projection.tables,
      );
    }
    await trx.raw(
      `insert into projection_state (name, position, updated_at, last_error) values (?, 0, now(), null)
       on conflict (name) do update set position = 0, updated_at = now(), last_error = null`,
      [projection.name],
    );
    await trx.raw('delete from projection_snapshots where projection = ?', [projection.name]);
    await trx.raw('delete from projection_staged_events where projection = ?', [projection.name]);
    await forgetReadyPasses(trx, projection.name);
    await registerFollowedSnapshots(trx, projection);
  });
}
