import type { ProjectionStatus } from '../../projections/core/projectionRunner.ts';
import type { ProjectionStatusReader } from '../routes/health.ts';

/** One minute of the projections' lag: the largest lag (events behind the log's head) read in that minute. */
export interface LagSample {
  /** Start of the minute, UTC ISO 8601. */
  at: string;
  /** Events the furthest-behind projection had still to apply. */
  lag: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The projections' lag over the last 24 hours, kept in this process's memory: one sample a minute at most
 * (the largest lag read in it), 1,440 at most. It is filled by every read of the projections' positions that
 * goes through `recordingLag` (`/health`, `/metrics`, `/statut`): a monitor scraping either fills it, and a
 * process restarted starts it again empty. The positions themselves are in the database (projection_state);
 * only their history is not, since nothing but this chart reads it (docs/operations.md, "Status page").
 */
export interface LagHistory {
  record(statuses: readonly ProjectionStatus[], at: Date): void;
  /** Samples of the 24 hours before `now`, oldest first. */
  since(now: Date): LagSample[];
}

export function createLagHistory(): LagHistory {
  const samples: { minute: number; lag: number }[] = [];
  return {
    record(statuses, at) {
      const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
      const lag = Math.max(0, ...statuses.map((s) => Number(s.lag)));
      const last = samples.at(-1);
      if (last && last.minute === minute) {
        last.lag = Math.max(last.lag, lag);
      } else if (!last || last.minute < minute) {
        samples.push({ minute, lag });
      }
      while (samples.length > 0 && samples[0]!.minute <= minute - DAY_MS) samples.shift();
    },
    since(now) {
      const from = now.getTime() - DAY_MS;
      return samples
        .filter((s) => s.minute > from && s.minute <= now.getTime())
        .map((s) => ({ at: new Date(s.minute).toISOString(), lag: s.lag }));
    },
  };
}

/** The same reader, whose every answer is also kept in the lag history. */
export function recordingLag(
  read: ProjectionStatusReader,
  history: LagHistory,
  now: () => Date = () => new Date(),
): ProjectionStatusReader {
  return async () => {
    const statuses = await read();
    history.record(statuses, now());
    return statuses;
  };
}
