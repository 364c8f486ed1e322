/**
 * Groups a stream of rows into batches and writes each batch while the next one is being read: at most one
 * write is in flight, so reading and parsing (this process) overlap the database's work on the previous
 * batch, and memory stays at two batches. Within a batch a key seen twice keeps its later row, as a later
 * batch would. A row's key is `keyOf` within its `groupOf`, when given (an entity's id within its kind: two
 * lookups of strings at hand, rather than a key string made for every row). Batches are written in order; the
 * first failed write stops the reading and is thrown; a failure of the rows themselves is thrown once the write
 * in flight has ended.
 */
export async function writeInBatches<T>(
  rows: AsyncIterable<T>,
  opts: {
    batchSize: number;
    keyOf: (row: T) => string;
    groupOf?: (row: T) => string;
    write: (batch: T[]) => Promise<void>;
    /**
     * Rows that need no write: a row for which it answers true is taken as written and left out of the
     * batches (a promise when the answer needs a read first).
     */
    settled?: (row: T) => boolean | Promise<boolean>;
  },
): Promise<void> {
  const groupOf = opts.groupOf ?? (() => '');
  // Per group, while its keys arrive in increasing order (a register's files are usually sorted by
  // identifier), no key can repeat and none is stored; the first key out of order indexes the group's rows.
  let groups = new Map<string, { last: string; at: Map<string, number> | null }>();
  let batch: T[] = [];
  let inFlight: Promise<void> | null = null;
  const send = async () => {
    const rowsOfBatch = batch;
    batch = [];
    groups = new Map();
    if (inFlight) await inFlight;
    if (rowsOfBatch.length === 0) return;
    inFlight = opts.write(rowsOfBatch);
    // Awaited at the next send or at the end; until then a failure must not count as unhandled.
    inFlight.catch(() => {});
  };
  const indexGroup = (group: string): Map<string, number> => {
    const at = new Map<string, number>();
    batch.forEach((row, i) => {
      if (groupOf(row) === group) at.set(opts.keyOf(row), i);
    });
    return at;
  };
  try {
    const { settled } = opts;
    for await (const row of rows) {
      if (settled) {
        const done = settled(row);
        if (done === true || (done !== false && (await done))) continue;
      }
      const group = groupOf(row);
      const key = opts.keyOf(row);
      const state = groups.get(group);
      if (!state) groups.set(group, { last: key, at: null });
      else if (state.at === null && key > state.last) state.last = key;
      else {
        state.at ??= indexGroup(group);
        const earlier = state.at.get(key);
        // A later row takes the place of the earlier one with its key.
        if (earlier !== undefined) {
          batch[earlier] = row;
          continue;
        }
        state.at.set(key, batch.length);
      }
      batch.push(row);
      if (batch.length >= opts.batchSize) await send();
    }
  } catch (err) {
    // The rows failed (a file ending early): the write in flight ends before the failure is told, so that
    // nothing of this pass lands after the caller has moved on (a next pass's start, for instance).
    if (inFlight) await (inFlight as Promise<void>).catch(() => {});
    throw err;
  }
  await send();
  if (inFlight) await inFlight;
}
