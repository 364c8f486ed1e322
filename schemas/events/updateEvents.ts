/**
 * The event that closes an update pass: a register's own change feed (e.g. brreg `oppdateringer`) applied on
 * top of its last completed snapshot. It goes on the register's snapshot stream, so a snapshot pass and an
 * update pass never interleave unseen; the read side does not publish it as a new snapshot version (the
 * snapshot's version, date and fingerprint stay those of the last full file).
 * The entity events of an update pass carry `register` and `source` in their metadata, never
 * `snapshotVersion`: they are applied as they come, not staged with a snapshot pass.
 */
export const UPDATES_APPLIED = 'UpdatesApplied';
/**
 * Opens an update pass on the snapshot stream. A feed killed before its `UpdatesApplied` leaves it last: the
 * next pass or feed brings the digests in line with what the killed feed logged, then closes it with
 * `UpdatesInterrupted`.
 */
export const UPDATES_STARTED = 'UpdatesStarted';
export const UPDATES_INTERRUPTED = 'UpdatesInterrupted';

export interface UpdatesStartedData {
  register: string;
  source: string;
  filesSha256: string;
  startedAt: string;
}

export interface UpdatesInterruptedData {
  register: string;
  source: string;
  /** Entity events of the interrupted feed found in the log, whose digests were set from them. */
  reconciled: number;
  at: string;
}

export interface UpdatesAppliedData {
  register: string;
  /** The feed, e.g. `oppdateringer`. */
  source: string;
  /** First and last update identifiers of the feed applied (the next pass resumes after `lastUpdateId`). */
  firstUpdateId: string | null;
  lastUpdateId: string | null;
  /** SHA-256 of the sorted manifest of the recorded files read (see manifestSha256). */
  filesSha256: string;
  appliedAt: string;
  counts: {
    updates: number;
    recorded: number;
    changed: number;
    dropped: number;
    unchanged: number;
    /** Updates that could not be turned into a whole record (reported, nothing emitted). */
    unresolved: number;
  };
  report?: Record<string, unknown>;
}
