import type { BulkAppendEntry, EventStore, NewEvent } from '../../ops/eventstore/port.ts';
import { blockStreamId } from '../../schemas/events/entityBlockEvents.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
  type EntityValuesData,
} from '../../schemas/events/entityEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { CommittedDigests, unchangedRowTest } from './committedDigests.ts';
import { crashPoint } from './crashPoint.ts';
import type { RegisterFilePass } from './datedPass.ts';
import { type DigestedRow, entityDataJson, withDigests } from './digestedRows.ts';
import { type BlockPass, type BlockRow, blockEventsOf, goesInBlock } from './entityBlocks.ts';
import { finishPromotion, promotePass, refreshPassStatistics } from './passPromotion.ts';
import { markUnseen, SeenSlots, unseenEntities } from './passSeenSet.ts';
import { holdsDigests, markAllNew, markSeen } from './snapshotDigests.ts';
import { completePass, startPass } from './snapshotPassEvents.ts';
import type { SnapshotRow, ValuesRow } from './snapshotRow.ts';
import { reconcileInterruptedUpdates } from './updateDigests.ts';
import { writeInBatches } from './writeInBatches.ts';

export { digestOf } from './rowDigest.ts';
export { snapshotPassMigrations } from './snapshotPassMigrations.ts';
export type { SnapshotRow, ValuesRow } from './snapshotRow.ts';

export interface SnapshotPassOptions extends RegisterFilePass {
  rows: AsyncIterable<SnapshotRow | ValuesRow>;
  /** Per kind, the column names of the ValuesRows' values (declared once, in SnapshotStarted). */
  columns?: Record<string, string[]>;
  /** The entity's stream; default `<register>-<kind>-<id>`. */
  streamOf?: (row: { kind: string; id: string }) => string;
  /**
   * Rows stored as values go into block events (`EntitiesRecorded`, entityBlockEvents.ts) when the pass
   * records them all: a first pass, or one with `recordAll`. Per kind, the SHA-256 of the file its rows come
   * from. Without it, every row is one event on its entity's stream (the per-row mode).
   */
  blocks?: { fileSha256Of: Readonly<Record<string, string>> | ((kind: string) => string | undefined) };
  /** Record every row, not only those that differ from the last completed pass (a rebuild of the log). */
  recordAll?: boolean;
}

export type SnapshotCounts = SnapshotCompletedData['counts'];

/**
 * One pass over a full-file register: `SnapshotStarted` → `EntityRecorded` / `EntityChanged` (rows whose
 * content differs from the last completed pass) → `EntityDropped` (entities of that pass absent from this
 * file) → `SnapshotCompleted` with counts. With `blocks`, a pass that records every row (the first, or
 * `recordAll`) records them in `EntitiesRecorded` block events instead (entityBlocks.ts), compared and
 * promoted through the same digests. Memory stays constant: rows stream through in batches. Against a
 * completed pass, the last pass's digests are read in key order beside the file (committedDigests.ts): a row
 * they show unchanged is settled in this process as it is read; every other row is compared in the database
 * (markSeen), which is exact for any row, in any order. A pass left unfinished is abandoned by the next one,
 * whose comparison is against the last completed pass, so nothing the unfinished pass wrote is lost or
 * served.
 */
export async function runSnapshotPass(opts: SnapshotPassOptions): Promise<SnapshotCompletedData> {
  const { knex, store, logger, register, version } = opts;
  const now = opts.now ?? (() => new Date());
  const streamOf = opts.streamOf ?? ((r) => `${register}-${r.kind}-${r.id}`);
  const batchSize = opts.batchSize ?? 2000;
  const log = logger.child({ register, version });

  // A pass completed in the log but killed before its promotion is finished first: it is the reference; an
  // update feed killed before it closed has its logged events' digests stored.
  const reference = await finishPromotion(knex, store, register, 'snapshot');
  await reconcileInterruptedUpdates(knex, store, register, reference, now);
  // A first pass into a register that holds no digest (none ever ran, none was abandoned half-way): every
  // digest row it leaves is its own, already final (markAllNew), so nothing can be unseen and the promotion
  // has nothing to rewrite: the three scans of the digests that would prove it are skipped (about 2.5 s of a
  // million-row first pass, minutes at the full stock's size).
  const clean = reference === null && !(await holdsDigests(knex, register));
  const { started, startPosition, passToken, expected } = await startPass(store, {
    register,
    version,
    snapshotDate: opts.snapshotDate,
    fileSha256: opts.fileSha256,
    ...(opts.columns ? { columns: opts.columns } : {}),
    now,
  });
  log.info({ fileSha256: opts.fileSha256 }, 'snapshot pass started');
  crashPoint('snapshot:started');
  const pass = startPosition.toString();
  const blocks: BlockPass | null =
    opts.blocks && (reference === null || opts.recordAll)
      ? {
          register,
          fileSha256Of: fileSha256Lookup(opts.blocks.fileSha256Of),
          pass,
          metadata: { register, snapshotVersion: version, pass },
        }
      : null;
  const blockCounts = { events: 0, rows: 0 };
  const blockStream = blockStreamId(register);

  const counts: SnapshotCounts = { rows: 0, recorded: 0, changed: 0, dropped: 0, unchanged: 0 };
  const meta: RowMeta = (rowSha256) => ({
    register,
    snapshotVersion: version,
    fileSha256: opts.fileSha256,
    ...(rowSha256 ? { rowSha256 } : {}),
  });
  // A row stored as values names its pass, whose SnapshotStarted holds the file's SHA-256 (read back with it).
  const valuesMeta: RowMeta = (rowSha256) => ({ register, snapshotVersion: version, rowSha256, pass });

  // A batch's digests are compared while the previous batch's events are appended (two statements of the
  // database's at once, on two connections); appends stay one at a time and in order.
  let appending: Promise<unknown> = Promise.resolve();
  const seen = new SeenSlots();
  const write = async (rows: DigestedRow<SnapshotRow | ValuesRow>[]) => {
    // Without a completed pass no digest is committed: every row is new, and nothing needs comparing.
    const differing =
      reference === null
        ? await markAllNew(knex, register, passToken, rows, { clean })
        : await markSeen(knex, register, passToken, rows, seen);
    counts.unchanged += rows.length - differing.length;
    const events = eventsOfBatch(
      { register, streamOf, meta, valuesMeta, blocks, recordAll: opts.recordAll === true },
      rows,
      differing,
      counts,
    );
    const block = events.find((e) => e.streamId === blockStream);
    if (block) {
      blockCounts.events += block.events.length;
      blockCounts.rows += (block as { rows?: number }).rows ?? 0;
    }
    await appending;
    if (counts.rows > rows.length) crashPoint('snapshot:batch-appended');
    opts.onProgress?.(counts.rows);
    appending = events.length > 0 ? store.appendBulk(events) : Promise.resolve();
    // Awaited by the next batch or after the last one; until then a failure must not count as unhandled.
    appending.catch(() => {});
  };
  // Against a completed pass, the rows its digests show unchanged are settled as they are read, in file
  // order, and only the others go to the database's comparison (committedDigests.ts); every row is compared
  // there when the pass records them all anyway.
  const committed = reference !== null && !opts.recordAll ? new CommittedDigests(knex, register) : null;
  try {
    await writeInBatches(withDigests(opts.rows, counts, opts.columns), {
      batchSize,
      groupOf: kindOf,
      keyOf: idOf,
      write,
      ...(committed
        ? {
            settled: unchangedRowTest(committed, seen, counts, {
              every: batchSize,
              report: () => opts.onProgress?.(counts.rows),
            }),
          }
        : {}),
    });
  } catch (err) {
    // A file that fails half-way must not leave a batch's append in flight: landing after the next pass's
    // SnapshotStarted, its rows would be taken for that pass's.
    await appending.catch(() => {});
    throw err;
  } finally {
    await committed?.close();
  }
  await appending;
  crashPoint('snapshot:rows-appended');

  // Everything this pass did not see is marked for the promotion, then dropped in the log.
  const unseen = clean ? 0 : await markUnseen(knex, register, passToken, seen);
  crashPoint('snapshot:unseen-marked');
  if (unseen !== 0) {
    const dropping = unseenEntities(knex, register, passToken, batchSize);
    counts.dropped += await appendDrops(store, register, dropping, streamOf, meta);
  }

  crashPoint('snapshot:dropped-appended');

  const completed = await completePass(store, {
    started,
    counts,
    ...(blocks ? { blocks: blockCounts } : {}),
    report: opts.report?.(),
    expected,
    now,
  });
  crashPoint('snapshot:completed');
  const marked = counts.recorded + counts.changed + counts.dropped > 0;
  await promotePass(knex, register, passToken, 'snapshot', { marked: marked && !clean });
  if (marked) await refreshPassStatistics(knex, store);
  crashPoint('snapshot:promoted');
  log.info({ counts }, 'snapshot pass completed');
  return completed;
}

const kindOf = (row: { kind: string }) => row.kind;
const idOf = (row: { id: string }) => row.id;

/** What a batch's events are made with. */
interface BatchContext {
  register: string;
  streamOf: (row: { kind: string; id: string }) => string;
  meta: RowMeta;
  valuesMeta: RowMeta;
  /** Set when the pass records its rows stored as values in blocks. */
  blocks: BlockPass | null;
  recordAll: boolean;
}

/**
 * The appends of one batch: an entity event per row recorded (every row with `recordAll`, else those that
 * differ from the last completed pass, in the file's order), or, for rows stored as values in a block pass,
 * the block events that hold them (one entry on the blocks stream, its `rows` counted). Counts what differs.
 */
function eventsOfBatch(
  ctx: BatchContext,
  rows: readonly DigestedRow<SnapshotRow | ValuesRow>[],
  differing: readonly { at: number; committed: string | null }[],
  counts: SnapshotCounts,
): (BulkAppendEntry & { rows?: number })[] {
  const events: (BulkAppendEntry & { rows?: number })[] = [];
  const inBlock: BlockRow[] = [];
  const committedAt = new Map<number, string | null>();
  for (const { at, committed } of differing) {
    committedAt.set(at, committed);
    if (committed) counts.changed++;
    else counts.recorded++;
  }
  const recorded = ctx.recordAll ? rows.keys() : differing.map((d) => d.at);
  for (const at of recorded) {
    const row = rows[at]!;
    if (ctx.blocks && goesInBlock(ctx.blocks, row)) {
      inBlock.push(row);
      continue;
    }
    // A row recorded again unchanged (recordAll) is a change to the same content.
    const type = committedAt.get(at) === null ? ENTITY_RECORDED : ENTITY_CHANGED;
    events.push({
      streamId: ctx.streamOf(row),
      events: [entityEventOf(ctx.register, row, type, { record: ctx.meta, values: ctx.valuesMeta })],
    });
  }
  if (ctx.blocks && inBlock.length > 0) {
    const blockEvents = blockEventsOf(ctx.blocks, inBlock);
    events.push({ streamId: blockStreamId(ctx.register), events: blockEvents, rows: inBlock.length });
  }
  return events;
}

/** An entity event's metadata, from its row's digest (none for a drop). */
type RowMeta = (rowSha256?: string) => Record<string, unknown>;

/** The entity event of a row that differs from the last completed pass (recorded or changed). */
function entityEventOf(
  register: string,
  row: DigestedRow<SnapshotRow | ValuesRow>,
  type: typeof ENTITY_RECORDED | typeof ENTITY_CHANGED,
  meta: { record: RowMeta; values: RowMeta },
): NewEvent {
  if ('valuesJson' in row) {
    // The values were kept as the JSON written for the digest: the event's data is that JSON, parsed only
    // if an adapter reads `data` rather than `dataJson`.
    const dataJson = entityDataJson(register, row, 'values', row.valuesJson);
    return {
      type,
      get data(): EntityValuesData {
        return JSON.parse(dataJson) as EntityValuesData;
      },
      dataJson,
      metadata: meta.values(row.digest),
    };
  }
  const data: EntityRecordedData = { register, kind: row.kind, id: row.id, record: row.record };
  const event: NewEvent = { type, data, metadata: meta.record(row.digest) };
  // The row's JSON was written once for its digest: the event's data reuses it.
  if (row.json !== null) event.dataJson = entityDataJson(register, row, 'record', row.json);
  return event;
}

/** Appends an `EntityDropped` for each entity the pass did not see, batch by batch; returns how many. */
async function appendDrops(
  store: EventStore,
  register: string,
  dropping: AsyncIterable<{ kind: string; entity_id: string }[]>,
  streamOf: (row: { kind: string; id: string }) => string,
  meta: RowMeta,
): Promise<number> {
  let dropped = 0;
  for await (const batch of dropping) {
    dropped += batch.length;
    await store.appendBulk(
      batch.map((d) => {
        const data: EntityDroppedData = { register, kind: d.kind, id: d.entity_id };
        return {
          streamId: streamOf({ kind: d.kind, id: d.entity_id }),
          events: [{ type: ENTITY_DROPPED, data, metadata: meta() }],
        };
      }),
    );
  }
  return dropped;
}

/** The file SHA-256 of a kind, from a table or a function. */
function fileSha256Lookup(
  given: Readonly<Record<string, string>> | ((kind: string) => string | undefined),
): (kind: string) => string | undefined {
  return typeof given === 'function'
    ? given
    : (kind) => (Object.hasOwn(given, kind) ? given[kind] : undefined);
}
