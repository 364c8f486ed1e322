import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import { applySnapshotEvent } from './applySnapshotEvent.ts';
import type { Projection } from './projection.ts';
import { PassTracker, settleStagedPass, stageEvent } from './stagedPass.ts';
import { type StoreCheckpointResult, storeCheckpoint } from './storeCheckpoint.ts';

/**
 * Applies one batch in ONE transaction: each event's handler (events without one are skipped), or its staging
 * when it belongs to a pass not yet complete over a published register (see stagedPass.ts), the snapshot
 * bookkeeping, then the checkpoint compare-and-set. All writes go through `trx`; nothing here waits on
 * another pool connection while the transaction is open (the embedded database is one session: that would
 * deadlock). A handler failure rolls everything back and is thrown; a moved checkpoint rolls back and is
 * returned.
 */
export async function applyBatch(
  knex: Knex,
  projection: Projection,
  events: readonly RecordedEvent[],
  expected: bigint,
): Promise<StoreCheckpointResult> {
  const last = events[events.length - 1];
  if (!last) return { ok: true, position: expected };
  const trx = await knex.transaction();
  try {
    const passes = await PassTracker.load(trx, projection);
    const apply = async (event: RecordedEvent) => {
      await projection.handlers[event.type]?.(trx, event);
    };
    for (const event of events) {
      try {
        const pass = projection.handlers[event.type] ? passes.shouldStage(event) : null;
        if (pass) {
          await stageEvent(trx, projection, pass, event);
          continue;
        }
        await settleStagedPass(trx, projection, event, apply);
        await apply(event);
        await applySnapshotEvent(trx, projection, event);
        passes.observe(event);
      } catch (err) {
        throw new Error(
          `projection ${projection.name} failed on event ${event.position} (${event.type}): ${messageOf(err)}`,
          { cause: err },
        );
      }
    }
    const stored = await storeCheckpoint(trx, projection.name, expected, last.position);
    if (stored.ok) await trx.commit();
    else await trx.rollback();
    return stored;
  } catch (err) {
    if (!trx.isCompleted()) await trx.rollback();
    throw err;
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
