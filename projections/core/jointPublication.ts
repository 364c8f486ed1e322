import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { type CompletedPass, publishCompletedPass } from './applySnapshotEvent.ts';
import { followBulkLoad } from './bulkLoad.ts';
import type { Projection } from './projection.ts';
import { applyStagedPass } from './stagedPass.ts';

/**
 * One version per answer: a later pass over a register is published in all the read models that follow the
 * register at once, in one transaction, so a route that joins two of them (units and establishments) never
 * reads one at the new version and the other at the old.
 *
 * A read model that reaches the `SnapshotCompleted` of a staged pass (stagedPass.ts) does not apply it alone:
 * it records the pass as ready (`projection_ready_passes`, with the completion's log position) and goes on
 * with the log, its staged events kept. The follower that makes the pass ready last, or finds every other
 * follower past the completion, publishes it for all of them: each one's staged events through its own
 * handlers, its bulk-load bookkeeping, its current snapshot, in its one transaction. A transaction-scoped
 * advisory lock per register orders these decisions, so two followers finishing together cannot both leave the
 * publication to the other.
 *
 * A follower that is behind (its stored checkpoint below the completion and no ready mark there) is waited
 * for; one that is past it without a ready mark (its replay after a reset, which published it alone) is not.
 * A register's first pass is not staged and each read model publishes it as it completes: a route answers
 * `collecte_en_cours` until every read model it reads has one (snapshotState.ts).
 */
export const jointPublicationMigrations: Migration[] = [
  {
    name: '0105_projection_ready_passes',
    async up(knex) {
      await knex.raw(`
        create table projection_ready_passes (
          projection text not null,
          register text not null,
          -- the SnapshotCompleted event's position in the log
          position bigint not null,
          version text not null,
          completed jsonb not null,
          primary key (projection, register, position)
        )`);
    },
  },
];

/** The runner's read models that follow a register (the publication group of its passes). */
export type FollowersOf = (register: string) => readonly Projection[];

/**
 * At the `SnapshotCompleted` of a staged pass: records it ready for `projection`, then publishes it for every
 * follower once none is behind. Returns whether it was published in this transaction.
 */
export async function completeStagedPass(
  trx: Knex.Transaction,
  projection: Projection,
  event: RecordedEvent,
  followersOf: FollowersOf,
): Promise<boolean> {
  const completed = event.data as SnapshotCompletedData;
  const { register } = completed;
  await trx.raw("select pg_advisory_xact_lock(hashtext('registres publication'), hashtext(?))", [register]);
  await trx.raw(
    `insert into projection_ready_passes (projection, register, position, version, completed)
     values (?, ?, ?, ?, ?::jsonb)
     on conflict (projection, register, position) do nothing`,
    [projection.name, register, event.position.toString(), completed.version, JSON.stringify(completed)],
  );
  const others = followersOf(register).filter((p) => p.name !== projection.name);
  if (others.length > 0) {
    const { rows: behind } = await trx.raw<{ rows: { name: string }[] }>(
      `select st.name
         from projection_state st
        where st.name = any(?::text[]) and st.position < ?
          and not exists (select 1 from projection_ready_passes r
                           where r.projection = st.name and r.register = ? and r.position = ?)`,
      [others.map((p) => p.name), event.position.toString(), register, event.position.toString()],
    );
    if (behind.length > 0) return false;
  }
  const { rows: ready } = await trx.raw<{ rows: { projection: string }[] }>(
    `delete from projection_ready_passes where register = ? and position = ? and projection = any(?::text[])
     returning projection`,
    [register, event.position.toString(), [projection.name, ...others.map((p) => p.name)]],
  );
  const pass: CompletedPass = { register, data: completed };
  for (const follower of [projection, ...others]) {
    if (!ready.some((r) => r.projection === follower.name)) continue;
    await applyStagedPass(trx, follower, register, completed.version);
    await publishCompletedPass(trx, follower.name, pass);
    await followBulkLoad(trx, follower, event);
  }
  return true;
}

/** Forgets what a projection made ready and did not publish (its reset). */
export async function forgetReadyPasses(trx: Knex.Transaction, projection: string): Promise<void> {
  await trx.raw('delete from projection_ready_passes where projection = ?', [projection]);
}
