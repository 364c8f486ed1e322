import type { Knex } from 'knex';
import { type AppendResult, describeExpected, type ExpectedVersion, type NewEvent } from '../port.ts';
import { EventRows, insertEvents, takeAppendLock } from './insertEvents.ts';

/** Appends to one stream after checking its version, under the append lock (see insertEvents.ts). */
export async function appendToStream(
  knex: Knex,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedVersion,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('append needs at least one event');
  return knex.transaction(async (trx) => {
    await takeAppendLock(trx);
    const actual = await currentVersion(trx, streamId);
    if (!matches(expected, actual)) {
      return {
        ok: false,
        error: 'version_conflict',
        streamId,
        expected,
        actual,
        message: `stream ${streamId}: expected ${describeExpected(expected)}, found ${actual === null ? 'no stream' : `version ${actual}`}`,
      };
    }
    const cols = new EventRows();
    let version = actual ?? -1n;
    for (const e of events) {
      version += 1n;
      cols.push(streamId, version, e);
    }
    const lastPosition = await insertEvents(trx, cols);
    return { ok: true, nextExpectedVersion: version, lastPosition };
  });
}

export async function currentVersion(knex: Knex, streamId: string): Promise<bigint | null> {
  const { rows } = await knex.raw<{ rows: { v: string | null }[] }>(
    'select max(stream_version) as v from events where stream_id = ?',
    [streamId],
  );
  const v = rows[0]?.v;
  return v === null || v === undefined ? null : BigInt(v);
}

function matches(expected: ExpectedVersion, actual: bigint | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return actual === expected;
}
