import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  SNAPSHOT_ABANDONED,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  type SnapshotAbandonedData,
  type SnapshotCompletedData,
  type SnapshotStartedData,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';
import { passTokenOf } from './passPromotion.ts';

type SnapshotCounts = SnapshotCompletedData['counts'];

/**
 * Opens a pass: an unfinished earlier one is abandoned, then `SnapshotStarted` is appended with the snapshot
 * stream's version (two passes starting together: one fails here). Returns what completing it needs and the
 * pass token marking what it saw: unique per pass, even when a version is ingested twice.
 */
export async function startPass(
  store: EventStore,
  pass: {
    register: string;
    version: string;
    snapshotDate: string;
    fileSha256: string;
    columns?: Record<string, string[]>;
    now: () => Date;
  },
): Promise<{ started: SnapshotStartedData; startPosition: bigint; passToken: string; expected: bigint }> {
  const { register, version } = pass;
  const stream = snapshotStreamId(register);
  const previous = await abandonUnfinished(store, stream, register, pass.now);
  const started: SnapshotStartedData = {
    register,
    version,
    snapshotDate: pass.snapshotDate,
    fileSha256: pass.fileSha256,
    startedAt: pass.now().toISOString(),
    ...(pass.columns ? { columns: pass.columns } : {}),
  };
  const start = await store.append(stream, [{ type: SNAPSHOT_STARTED, data: started }], previous);
  if (!start.ok) throw new Error(`another pass of ${register} is starting: ${start.message}`);
  return {
    started,
    startPosition: start.lastPosition,
    passToken: passTokenOf(version, start.lastPosition),
    expected: start.nextExpectedVersion,
  };
}

/**
 * Appends `SnapshotCompleted` with the stream version the pass started at: a pass superseded while it ran
 * (another pass started) fails here instead of publishing.
 */
export async function completePass(
  store: EventStore,
  pass: {
    started: SnapshotStartedData;
    counts: SnapshotCounts;
    blocks?: SnapshotCompletedData['blocks'];
    report?: Record<string, unknown>;
    expected: bigint;
    now: () => Date;
  },
): Promise<SnapshotCompletedData> {
  const { started } = pass;
  // The columns stay in SnapshotStarted, where the rows' readers find them.
  const { columns: _columns, ...identity } = started;
  const completed: SnapshotCompletedData = {
    ...identity,
    completedAt: pass.now().toISOString(),
    counts: pass.counts,
    ...(pass.blocks ? { blocks: pass.blocks } : {}),
    ...(pass.report ? { report: pass.report } : {}),
  };
  const done = await store.append(
    snapshotStreamId(started.register),
    [{ type: SNAPSHOT_COMPLETED, data: completed }],
    pass.expected,
  );
  if (!done.ok) {
    throw new Error(
      `pass of ${started.register} ${started.version} was superseded while running: ${done.message}`,
    );
  }
  return completed;
}

/** The last event of the snapshot stream is a start: that pass never finished. Abandon it. */
export async function abandonUnfinished(
  store: EventStore,
  stream: string,
  register: string,
  now: () => Date,
): Promise<bigint | 'no_stream'> {
  const version = await store.streamVersion(stream);
  if (version === null) return 'no_stream';
  const [last] = await store.readStream(stream, { fromVersion: version, limit: 1 });
  if (last?.type !== SNAPSHOT_STARTED) return version;
  const data: SnapshotAbandonedData = {
    register,
    version: (last.data as SnapshotStartedData).version,
    reason: 'interrompu ; remplacé par une nouvelle passe / interrupted; superseded by a new pass',
    abandonedAt: now().toISOString(),
  };
  const res = await store.append(stream, [{ type: SNAPSHOT_ABANDONED, data }], version);
  if (!res.ok) throw new Error(`another pass of ${register} is starting: ${res.message}`);
  return res.nextExpectedVersion;
}
