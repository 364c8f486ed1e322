import type { Knex } from 'knex';
import type { SnapshotReader } from '../../api/catalogue/snapshotReader.ts';
import { readSnapshotStates } from '../../projections/core/snapshotState.ts';

/** Runs `work` and returns what it gave with the statements `knex` sent meanwhile whose SQL `matches`. */
export async function statementsSent<T>(
  knex: Knex,
  matches: (sql: string) => boolean,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const count = (q: { sql: string }) => {
    if (matches(q.sql)) statements.push(q.sql);
  };
  knex.on('query', count);
  try {
    return { result: await work(), statements };
  } finally {
    knex.removeListener('query', count);
  }
}

/**
 * A snapshot reader that reads the copies' state once, as the service's cached reader does between snapshot
 * changes: every request then reaches its batched reads in the same round of the event loop.
 */
export function snapshotsReadOnce(knex: Knex): SnapshotReader {
  let states: ReturnType<SnapshotReader> | undefined;
  return (q) => {
    states ??= readSnapshotStates(knex, q);
    return states;
  };
}

/**
 * Reads each key alone, one after the other, then all of them at once while counting the statements whose SQL
 * `matches`: what a batched read must give is what each key gets alone.
 */
export async function aloneThenTogether<T>(
  knex: Knex,
  keys: readonly string[],
  read: (key: string) => Promise<T>,
  matches: (sql: string) => boolean,
): Promise<{ alone: T[]; together: T[]; statements: string[] }> {
  const alone: T[] = [];
  for (const key of keys) alone.push(await read(key));
  const { result, statements } = await statementsSent(knex, matches, () => Promise.all(keys.map(read)));
  return { alone, together: result, statements };
}
