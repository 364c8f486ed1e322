import type { Knex } from 'knex';
import type { EventStore, NewEvent } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import { SNAPSHOT_STARTED, snapshotStreamId } from '../../schemas/events/snapshotEvents.ts';
import {
  UPDATES_APPLIED,
  UPDATES_STARTED,
  type UpdatesAppliedData,
  type UpdatesStartedData,
} from '../../schemas/events/updateEvents.ts';
import { crashPoint } from './crashPoint.ts';
import { finishPromotion } from './passPromotion.ts';
import { digestOf } from './snapshotPass.ts';
import { reconcileInterruptedUpdates, storeDigests } from './updateDigests.ts';

/** One update of a register's change feed, already turned into the entity's whole record. */
export interface EntityUpdate {
  kind: string;
  id: string;
  /**
   * The whole record after the update; null when the entity left the register; undefined when the update
   * could not be turned into a whole record (nothing is emitted, `reason` is reported).
   */
  record: Record<string, unknown> | null | undefined;
  /** The feed's own identifier of the update, in feed order. */
  updateId: string;
  /** Added to the event's metadata (the feed's date and change type, ...). */
  metadata?: Record<string, unknown>;
  reason?: string;
}

/** Unresolved updates listed in the report at most (the count is always exact). */
const REPORTED_UNRESOLVED = 100;

/**
 * Applies a change feed on top of the register's last completed snapshot pass: each update becomes the same
 * entity event a snapshot pass would emit (`EntityRecorded`, `EntityChanged` with the whole new record,
 * `EntityDropped`), and only when it changes the entity. The write side's digests (`ingest_digests`) follow,
 * so the next full pass compares against what the feed made of each entity (an entity the feed added and the
 * next file lacks is dropped then). Refused before any completed pass and while a pass is unfinished; closed
 * by `UpdatesApplied` on the snapshot stream, which fails if a snapshot pass started meanwhile.
 */
export async function runUpdatesPass(opts: {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  register: string;
  source: string;
  filesSha256: string;
  updates: AsyncIterable<EntityUpdate>;
  streamOf: (row: { kind: string; id: string }) => string;
  report?: () => Record<string, unknown>;
  batchSize?: number;
  now?: () => Date;
}): Promise<UpdatesAppliedData> {
  const { knex, store, register } = opts;
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? 1000;
  const { expected: before, passToken } = await checkAppliable(knex, store, register, now);
  const startedData: UpdatesStartedData = {
    register,
    source: opts.source,
    filesSha256: opts.filesSha256,
    startedAt: now().toISOString(),
  };
  const started = await store.append(
    snapshotStreamId(register),
    [{ type: UPDATES_STARTED, data: startedData }],
    before,
  );
  if (!started.ok) throw new Error(`updates of ${register}: a pass is starting (${started.message})`);
  const expected = started.nextExpectedVersion;
  crashPoint('updates:started');

  const counts: UpdatesAppliedData['counts'] = {
    updates: 0,
    recorded: 0,
    changed: 0,
    dropped: 0,
    unchanged: 0,
    unresolved: 0,
  };
  const unresolved: { id: string; kind: string; update: string; reason: string }[] = [];
  let firstUpdateId: string | null = null;
  let lastUpdateId: string | null = null;

  let batch: EntityUpdate[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const updates = batch;
    batch = [];
    await applyUpdates({ ...opts, passToken, counts, unresolved }, updates);
  };

  for await (const u of opts.updates) {
    counts.updates++;
    firstUpdateId ??= u.updateId;
    lastUpdateId = u.updateId;
    batch.push(u);
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  const applied: UpdatesAppliedData = {
    register,
    source: opts.source,
    firstUpdateId,
    lastUpdateId,
    filesSha256: opts.filesSha256,
    appliedAt: now().toISOString(),
    counts,
    report: { ...opts.report?.(), ...(unresolved.length > 0 ? { non_resolues: unresolved } : {}) },
  };
  const done = await store.append(
    snapshotStreamId(register),
    [{ type: UPDATES_APPLIED, data: applied }],
    expected,
  );
  if (!done.ok) {
    throw new Error(
      `updates of ${register}: a snapshot pass started while they were applied (${done.message})`,
    );
  }
  opts.logger.info({ register, source: opts.source, counts }, 'updates applied');
  return applied;
}

/** What a batch of updates is applied with: the pass's options, its token, and its counts and report so far. */
interface UpdatesBatchContext {
  knex: Knex;
  store: EventStore;
  register: string;
  source: string;
  streamOf: (row: { kind: string; id: string }) => string;
  passToken: string;
  counts: UpdatesAppliedData['counts'];
  unresolved: { id: string; kind: string; update: string; reason: string }[];
}

/**
 * One batch of updates: each compared with the entity's committed digest, the events of those that change it
 * appended, then the digests stored.
 */
async function applyUpdates(ctx: UpdatesBatchContext, updates: readonly EntityUpdate[]): Promise<void> {
  const { knex, store, register, counts, unresolved } = ctx;
  const known = await committedDigests(knex, register, updates);
  const touched = new Map<string, string | null>();
  const events: { streamId: string; events: NewEvent[] }[] = [];
  for (const u of updates) {
    const key = `${u.kind}\u0000${u.id}`;
    const before = known.get(key) ?? null;
    const meta = { register, source: ctx.source, updateId: u.updateId, ...u.metadata };
    if (u.record === undefined) {
      counts.unresolved++;
      if (unresolved.length < REPORTED_UNRESOLVED) {
        unresolved.push({ kind: u.kind, id: u.id, update: u.updateId, reason: u.reason ?? 'inconnu' });
      }
    } else if (u.record === null) {
      if (before === null) {
        counts.unchanged++;
        continue;
      }
      counts.dropped++;
      known.set(key, null);
      touched.set(key, null);
      const data: EntityDroppedData = { register, kind: u.kind, id: u.id };
      events.push({ streamId: ctx.streamOf(u), events: [{ type: ENTITY_DROPPED, data, metadata: meta }] });
    } else {
      const digest = digestOf(u.record);
      if (before === digest) {
        counts.unchanged++;
        continue;
      }
      if (before) counts.changed++;
      else counts.recorded++;
      known.set(key, digest);
      touched.set(key, digest);
      const data: EntityRecordedData = { register, kind: u.kind, id: u.id, record: u.record };
      const type = before ? ENTITY_CHANGED : ENTITY_RECORDED;
      events.push({
        streamId: ctx.streamOf(u),
        events: [{ type, data, metadata: { ...meta, rowSha256: digest } }],
      });
    }
  }
  // Events first, digests after: a crash between the two re-emits on the next run (harmless), never loses.
  if (events.length > 0) await store.appendBulk(events);
  crashPoint('updates:events-appended');
  await storeDigests(knex, register, ctx.passToken, touched);
  crashPoint('updates:digests-stored');
}

/**
 * The snapshot stream's version and the token of the last completed pass (its promotion finished first), when
 * a completed pass exists and no pass is running; throws otherwise.
 */
async function checkAppliable(
  knex: Knex,
  store: EventStore,
  register: string,
  now: () => Date,
): Promise<{ expected: bigint; passToken: string }> {
  const stream = snapshotStreamId(register);
  const passToken = await finishPromotion(knex, store, register, 'snapshot');
  await reconcileInterruptedUpdates(knex, store, register, passToken, now);
  const version = await store.streamVersion(stream);
  const { rows } = await knex.raw(
    'select 1 from ingest_digests where register = ? and digest is not null limit 1',
    [register],
  );
  if (version === null || passToken === null || rows.length === 0) {
    throw new Error(`updates of ${register} refused: no completed snapshot pass to apply them to`);
  }
  const [last] = await store.readStream(stream, { fromVersion: version, limit: 1 });
  if (last?.type === SNAPSHOT_STARTED) {
    throw new Error(`updates of ${register} refused: a snapshot pass is running or was interrupted`);
  }
  return { expected: version, passToken };
}

async function committedDigests(
  knex: Knex,
  register: string,
  updates: readonly EntityUpdate[],
): Promise<Map<string, string | null>> {
  const { rows } = await knex.raw(
    `select d.kind, d.entity_id, encode(d.digest, 'hex') as digest from ingest_digests d
       join unnest(?::text[], ?::text[]) as u(kind, entity_id) using (kind, entity_id)
      where d.register = ?`,
    [updates.map((u) => u.kind), updates.map((u) => u.id), register],
  );
  const known = new Map<string, string | null>();
  for (const r of rows as { kind: string; entity_id: string; digest: string | null }[]) {
    known.set(`${r.kind}\u0000${r.entity_id}`, r.digest);
  }
  return known;
}

/** The record of an entity's last `EntityRecorded` / `EntityChanged` in the log; null when dropped or unknown. */
export async function lastRecordOf(
  store: EventStore,
  streamId: string,
): Promise<Record<string, unknown> | null> {
  const version = await store.streamVersion(streamId);
  if (version === null) return null;
  const [last] = await store.readStream(streamId, { fromVersion: version, limit: 1 });
  if (last?.type !== ENTITY_RECORDED && last?.type !== ENTITY_CHANGED) return null;
  return (last.data as EntityRecordedData).record;
}
