import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import { ENTITIES_RECORDED } from '../../schemas/events/entityBlockEvents.ts';
import { isSnapshotEvent } from '../../schemas/events/snapshotEvents.ts';
import { applyRun, guarded } from './applyRun.ts';
import { applySnapshotEvent } from './applySnapshotEvent.ts';
import { analyseAsLoadGrows, followBulkLoad } from './bulkLoad.ts';
import { completeStagedPass, type FollowersOf } from './jointPublication.ts';
import type { Projection } from './projection.ts';
import { PassTracker, settleStagedPass, stageEvents } from './stagedPass.ts';
import { type StoreCheckpointResult, storeCheckpoint } from './storeCheckpoint.ts';

/**
 * Applies one batch in ONE transaction: the handled events (in runs, through the projection's `handleRun`
 * when it has one), or their staging when they belong to a pass not yet complete over a published register
 * (see stagedPass.ts), the snapshot bookkeeping, then the checkpoint compare-and-set. All writes go through
 * `trx`; nothing here waits on another pool connection while the transaction is open (the embedded database
 * is one session: that would deadlock). A handler failure rolls everything back and is thrown; a moved
 * checkpoint rolls back and is returned. The commit is asynchronous (see below).
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  events: readonly RecordedEvent[],
  expected: bigint,
  opts: {
    /** The read models a pass is published in at once (jointPublication.ts); default: this one alone. */
    followersOf?: FollowersOf;
    /** Called just before the commit of a batch that may have published a snapshot (see the runner). */
    beforeSnapshotCommit?: () => void;
    /**
     * How the checkpoint moves, in the batch's transaction (default: the projection's own, storeCheckpoint);
     * a consumer of the Kafka topic moves its partition's (projections/core/busProjector.ts).
     */
    checkpoint?: (trx: Knex.Transaction, expected: bigint, next: bigint) => Promise<StoreCheckpointResult>;
    /** Runs first in the batch's transaction (the Kafka projectors take their per-projection lock there). */
    begin?: (trx: Knex.Transaction) => Promise<void>;
  } = {},
): Promise<StoreCheckpointResult> {
  const followersOf = opts.followersOf ?? (() => [projection]);
  const last = events[events.length - 1];
  if (!last) return { ok: true, position: expected };
  const trx = await knex.transaction();
  try {
    // Read tables are derived from the log and move with their checkpoint in this one transaction: a server
    // crash may lose the last batches' commits, never half of one, and they are applied again from the
    // checkpoint. So the commit does not wait for its WAL flush (the largest cost of projecting a Sirene
    // stock after the writes themselves: bench sirene, bench/HISTORY.md). The log's own appends stay synchronous.
    await trx.raw('set local synchronous_commit = off');
    await opts.begin?.(trx);
    const passes = await PassTracker.load(trx, projection);
    const apply = (run: readonly RecordedEvent[]) => applyRun(trx, projection, run);
    // Entity events wait here until a snapshot event (whose bookkeeping must see them applied) or the end.
    let run: RecordedEvent[] = [];
    let staged: { pass: { register: string; version: string }; event: RecordedEvent }[] = [];
    let applied = 0;
    let snapshots = false;
    const flush = async () => {
      await apply(run);
      await stageEvents(trx, projection, staged);
      // A block event counts its rows: the tables grow by them (analyseAsLoadGrows).
      for (const event of run) applied += rowsOf(event);
      run = [];
      staged = [];
    };
    for (const event of events) {
      if (isSnapshotEvent(event.type)) {
        await flush();
        await guarded(projection, [event], async () => {
          if (passes.completesStagedPass(event)) {
            // Published in every read model of the register at once, maybe later (jointPublication.ts).
            await projection.handlers[event.type]?.(trx, event);
            await completeStagedPass(trx, projection, event, followersOf);
            return;
          }
          await settleStagedPass(trx, projection, event, apply);
          await projection.handlers[event.type]?.(trx, event);
          await applySnapshotEvent(trx, projection, event);
          await followBulkLoad(trx, projection, event);
        });
        snapshots = true;
        passes.observe(event);
        continue;
      }
      if (!projection.handlers[event.type]) continue;
      const pass = passes.shouldStage(event);
      if (pass) staged.push({ pass, event });
      else run.push(event);
    }
    await flush();
    await analyseAsLoadGrows(trx, projection, applied);
    const stored = opts.checkpoint
      ? await opts.checkpoint(trx, expected, last.position)
      : await storeCheckpoint(trx, projection.name, expected, last.position);
    if (stored.ok) {
      if (snapshots) opts.beforeSnapshotCommit?.();
      await trx.commit();
    } else await trx.rollback();
    return stored;
  } catch (err) {
    if (!trx.isCompleted()) await trx.rollback();
    throw err;
  }
}

/** The rows an event holds: a block event's, else one. */
function rowsOf(event: RecordedEvent): number {
  return event.type === ENTITIES_RECORDED ? ((event.data as { ids?: unknown[] }).ids?.length ?? 1) : 1;
}
