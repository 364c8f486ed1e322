import type { Knex } from 'knex';

export interface CurrentSnapshot {
  version: string;
  /** YYYY-MM-DD */
  snapshotDate: string;
  sha256: string;
  /** ISO 8601 */
  completedAt: string;
}

export interface PendingSnapshot {
  version: string;
  /** ISO 8601 */
  startedAt: string;
}

export interface RegisterSnapshotState {
  register: string;
  current: CurrentSnapshot | null;
  pending: PendingSnapshot | null;
}

interface SnapshotRow {
  projection: string;
  register: string;
  version: string | null;
  snapshot_date: string | null;
  sha256: string | null;
  completed_at: Date | null;
  pending_version: string | null;
  pending_started_at: Date | null;
}

/**
 * What the read side can vouch for, per register, across the projections a route reads.
 * `current` is the OLDEST completed snapshot among the projections that follow the register, and null as
 * soon as one of them has completed none: a route never claims fresher data than its slowest read model.
 * `pending` is the most recently started pass still open in any of them. A projection follows a register
 * when the runner has registered it (a row in `projection_snapshots`); projections listed but not following
 * the register are ignored for it. A register nobody follows gets `{ current: null, pending: null }`.
 */
export async function readSnapshotStates(
  knex: Knex,
  opts: { projections: string[]; registers: string[] },
): Promise<RegisterSnapshotState[]> {
  const { rows } = await knex.raw<{ rows: SnapshotRow[] }>(
    `select projection, register, version, to_char(snapshot_date, 'YYYY-MM-DD') as snapshot_date, sha256,
            completed_at, pending_version, pending_started_at
       from projection_snapshots
      where projection = any(?::text[]) and register = any(?::text[])`,
    [opts.projections, opts.registers],
  );
  return opts.registers.map((register) => {
    const followers = rows.filter((r) => r.register === register);
    return { register, current: oldestCurrent(followers), pending: latestPending(followers) };
  });
}

function oldestCurrent(rows: SnapshotRow[]): CurrentSnapshot | null {
  let oldest: CurrentSnapshot | null = null;
  for (const r of rows) {
    if (r.version === null || r.snapshot_date === null || r.sha256 === null || r.completed_at === null) {
      return null;
    }
    const c = {
      version: r.version,
      snapshotDate: r.snapshot_date,
      sha256: r.sha256,
      completedAt: r.completed_at.toISOString(),
    };
    if (oldest === null || compareCurrent(c, oldest) < 0) oldest = c;
  }
  return oldest;
}

function compareCurrent(a: CurrentSnapshot, b: CurrentSnapshot): number {
  if (a.snapshotDate !== b.snapshotDate) return a.snapshotDate < b.snapshotDate ? -1 : 1;
  if (a.completedAt !== b.completedAt) return a.completedAt < b.completedAt ? -1 : 1;
  return 0;
}

function latestPending(rows: SnapshotRow[]): PendingSnapshot | null {
  let latest: PendingSnapshot | null = null;
  for (const r of rows) {
    if (r.pending_version === null || r.pending_started_at === null) continue;
    const p = { version: r.pending_version, startedAt: r.pending_started_at.toISOString() };
    if (latest === null || p.startedAt > latest.startedAt) latest = p;
  }
  return latest;
}
