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

/**
 * One request's reads of the snapshot state. An answer's rows are read after the state that cites them; a
 * pass published in between would put rows of one version under the citation of another. So after the rows,
 * `confirm` says whether every state read through `read` still holds (the rows are then of it); when it does
 * not, the request reads the state and its rows again (envelope.ts).
 */
export interface SnapshotSession {
  read: SnapshotReader;
  confirm(): Promise<boolean>;
}

/** Opens a request's snapshot session. */
export type SnapshotSessions = () => SnapshotSession;

/** The current snapshots of a state read, as a comparable text: what a citation names. */
export function currentsOf(views: readonly RegisterSnapshotView[]): string {
  return views
    .map((v) =>
      v.current
        ? `${v.register}=${v.current.version}|${v.current.sha256}|${v.current.snapshotDate}|${v.current.completedAt}`
        : `${v.register}=`,
    )
    .join(';');
}

/**
 * Sessions that confirm by reading every state again from `reread` (never a cache) and comparing the current
 * snapshots: one small query per state read, after the rows.
 */
export function rereadingSessions(read: SnapshotReader, reread: SnapshotReader): SnapshotSessions {
  return () => {
    const reads: { query: Parameters<SnapshotReader>[0]; views: Promise<RegisterSnapshotView[]> }[] = [];
    return {
      read(query) {
        const views = read(query);
        reads.push({ query, views });
        return views;
      },
      async confirm() {
        for (const r of reads) {
          const [before, now] = await Promise.all([r.views, reread(r.query)]);
          if (currentsOf(before) !== currentsOf(now)) return false;
        }
        return true;
      },
    };
  };
}
