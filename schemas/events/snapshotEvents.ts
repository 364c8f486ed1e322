/**
 * The events that frame a snapshot pass of a full-file register, on the stream `snapshot-<register>`.
 * A pass is `SnapshotStarted` → entity events → `SnapshotCompleted`; an interrupted pass leaves
 * `SnapshotStarted` alone (or `SnapshotAbandoned`), and its version is never published as current.
 */
export const SNAPSHOT_STARTED = 'SnapshotStarted';
export const SNAPSHOT_COMPLETED = 'SnapshotCompleted';
export const SNAPSHOT_ABANDONED = 'SnapshotAbandoned';

/** The three events that frame a pass; any other event of the log is not about a pass itself. */
export const SNAPSHOT_EVENT_TYPES: readonly string[] = [
  SNAPSHOT_STARTED,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_ABANDONED,
];

export function isSnapshotEvent(type: string): boolean {
  return SNAPSHOT_EVENT_TYPES.includes(type);
}

export interface SnapshotStartedData {
  register: string;
  /** The source's own version label, usually the stock date (YYYY-MM-DD). */
  version: string;
  /** Date the snapshot describes (YYYY-MM-DD): freshness is measured from it. */
  snapshotDate: string;
  /** SHA-256 (hex) of the upstream file, or of the sorted manifest of several files. */
  fileSha256: string;
  startedAt: string;
  /**
   * Per entity kind, the column names of the rows stored as values (see EntityValuesData), when the pass
   * has such rows: the header of each file, once.
   */
  columns?: Record<string, string[]>;
}

export interface SnapshotCompletedData extends SnapshotStartedData {
  completedAt: string;
  counts: { rows: number; recorded: number; changed: number; dropped: number; unchanged: number };
  /** A block pass's block events (`EntitiesRecorded`, entityBlockEvents.ts) and the rows they hold. */
  blocks?: { events: number; rows: number };
  /** What the pass noticed and kept going with (unknown columns, rows set aside, ...), for operators. */
  report?: Record<string, unknown>;
}

export interface SnapshotAbandonedData {
  register: string;
  version: string;
  reason: string;
  abandonedAt: string;
}

export function snapshotStreamId(register: string): string {
  return `snapshot-${register}`;
}
