import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { Projection } from './projection.ts';

/** Handled events in log order: through `handleRun` when the projection has one, else one handler each. */
export async function applyRun(
  trx: Knex.Transaction,
  projection: Projection,
  run: readonly RecordedEvent[],
): Promise<void> {
  if (run.length === 0) return;
  if (projection.handleRun) {
    const handleRun = projection.handleRun;
    await guarded(projection, run, () => handleRun(trx, run));
    return;
  }
  for (const event of run) {
    await guarded(projection, [event], async () => {
      await projection.handlers[event.type]?.(trx, event);
    });
  }
}

/** Names the projection and the events in a handler's failure. */
export async function guarded(
  projection: Projection,
  events: readonly RecordedEvent[],
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (err) {
    const first = events[0]!;
    const last = events[events.length - 1]!;
    const where =
      first === last
        ? `event ${first.position} (${first.type})`
        : `events ${first.position} to ${last.position} (${events.length} events)`;
    throw new Error(`projection ${projection.name} failed on ${where}: ${messageOf(err)}`, { cause: err });
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
