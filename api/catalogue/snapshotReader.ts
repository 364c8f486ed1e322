/** What the read side holds of one register: its current (completed) snapshot and the pass in progress. */
export interface RegisterSnapshotView {
  register: string;
  current: { version: string; snapshotDate: string; sha256: string | null; completedAt: string } | null;
  pending: { version: string; startedAt: string } | null;
}

/**
 * Reads what the given projections have applied of each register (projections/core/snapshotState.ts). The
 * service's reader is cached between snapshot changes (composeService.ts): the freshness guard and every
 * handler that checks a local copy per block ask it, not the database, on each request.
 */
export type SnapshotReader = (q: {
  projections: string[];
  registers: string[];
}) => Promise<RegisterSnapshotView[]>;
