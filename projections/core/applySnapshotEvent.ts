import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import {
  isSnapshotEvent,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  type SnapshotCompletedData,
  type SnapshotStartedData,
} from '../../schemas/events/snapshotEvents.ts';
import { followedPass } from './followedPass.ts';
import type { Projection } from './projection.ts';

/**
 * Snapshot bookkeeping, in the batch's transaction, for a projection that follows the event's register.
 * Started → pending; Completed → published as current, pending cleared; Abandoned → pending cleared.
 * A pending pass is cleared only by the end of that same version: a version started and never completed
 * is never published. Every value comes from the event (never the clock), so a replay writes the same rows.
 */
export async function applySnapshotEvent(
  trx: Knex.Transaction,
  projection: Projection,
  event: RecordedEvent,
): Promise<void> {
  const pass = isSnapshotEvent(event.type) ? followedPass(projection, event) : null;
  if (!pass) return;
  const { register } = pass;

  if (event.type === SNAPSHOT_STARTED) {
    const d = event.data as SnapshotStartedData;
    await trx.raw(
      `insert into projection_snapshots
         (projection, register, pending_version, pending_snapshot_date, pending_sha256, pending_started_at)
       values (?, ?, ?, ?, ?, ?)
       on conflict (projection, register) do update set
         pending_version = excluded.pending_version,
         pending_snapshot_date = excluded.pending_snapshot_date,
         pending_sha256 = excluded.pending_sha256,
         pending_started_at = excluded.pending_started_at`,
      [projection.name, register, d.version, d.snapshotDate, d.fileSha256, d.startedAt],
    );
  } else if (event.type === SNAPSHOT_COMPLETED) {
    await publishCompletedPass(trx, projection.name, { register, data: event.data as SnapshotCompletedData });
  } else {
    await clearPending(trx, projection.name, register, pass.version);
  }
}

/** A completed pass of one register, as its `SnapshotCompleted` event says it. */
export interface CompletedPass {
  register: string;
  data: SnapshotCompletedData;
}

/** Publishes a completed pass as the projection's current snapshot of the register, its pending pass cleared. */
export async function publishCompletedPass(
  trx: Knex.Transaction,
  projection: string,
  { register, data: d }: CompletedPass,
): Promise<void> {
  await trx.raw(
    `insert into projection_snapshots (projection, register, version, snapshot_date, sha256, completed_at)
     values (?, ?, ?, ?, ?, ?)
     on conflict (projection, register) do update set
       version = excluded.version,
       snapshot_date = excluded.snapshot_date,
       sha256 = excluded.sha256,
       completed_at = excluded.completed_at`,
    [projection, register, d.version, d.snapshotDate, d.fileSha256, d.completedAt],
  );
  await clearPending(trx, projection, register, d.version);
}

async function clearPending(trx: Knex.Transaction, projection: string, register: string, version: string) {
  await trx.raw(
    `update projection_snapshots
        set pending_version = null, pending_snapshot_date = null, pending_sha256 = null, pending_started_at = null
      where projection = ? and register = ? and pending_version = ?`,
    [projection, register, version],
  );
}
