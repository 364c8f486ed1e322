import { setTimeout as delay } from 'node:timers/promises';
import { secondsSince } from '../core/timing.ts';

/** Positions seen at one moment: the log's head (`events`) and each read model's checkpoint, by name. */
export interface ProgressSample {
  /** Seconds since the clock the sampler was given. */
  seconds: number;
  positions: Record<string, bigint>;
}

export interface ProgressSampler {
  /** Stops after one last sample and returns them all, oldest first. */
  stop(): Promise<ProgressSample[]>;
}

/**
 * Reads `read()` every `intervalMs` (one query or two: the log's `max(position)` and the projections'
 * checkpoints), so that the rate of any part of a pass can be computed afterwards. Read failures end the
 * sampling early; the samples taken are kept.
 */
export function startProgressSampler(
  read: () => Promise<Record<string, bigint>>,
  opts: { start: bigint; intervalMs?: number },
): ProgressSampler {
  const samples: ProgressSample[] = [];
  const intervalMs = opts.intervalMs ?? 200;
  let stopped = false;
  const take = async () => {
    const positions = await read();
    samples.push({ seconds: secondsSince(opts.start), positions });
  };
  const loop = (async () => {
    while (!stopped) {
      await take();
      await delay(intervalMs);
    }
  })().catch(() => {
    stopped = true;
  });
  return {
    async stop() {
      stopped = true;
      await loop;
      await take().catch(() => {});
      return samples;
    },
  };
}

/**
 * When `key`'s position first reached `target`, in seconds: interpolated linearly between the last sample
 * below it and the first at or above it (positions only grow). Null when no sample reached it.
 */
export function crossingSeconds(
  samples: readonly ProgressSample[],
  key: string,
  target: bigint,
): number | null {
  let before: ProgressSample | null = null;
  for (const sample of samples) {
    const position = sample.positions[key];
    if (position === undefined) continue;
    if (position >= target) {
      const below = before?.positions[key];
      if (!before || below === undefined || position === below) return sample.seconds;
      const share = Number(target - below) / Number(position - below);
      return before.seconds + share * (sample.seconds - before.seconds);
    }
    before = sample;
  }
  return null;
}

export interface TenthRates {
  /** Rows per second over the first tenth of the rows, from the pass's start. */
  first: number;
  /** Rows per second over the last tenth of the rows. */
  last: number;
}

/**
 * Rows per second of `key` over the first and the last tenth of a pass whose rows are the positions
 * `startedAt + 1` to `startedAt + rows` (one event per row, appended in order after `SnapshotStarted` at
 * `startedAt`). The first tenth's clock starts when `SnapshotStarted` was seen in the log (`passStart`).
 */
export function tenthRates(
  samples: readonly ProgressSample[],
  key: string,
  pass: { startedAt: bigint; rows: number; passStart: number },
): TenthRates | null {
  return rangeTenthRates(samples, key, { after: pass.startedAt, rows: pass.rows, start: pass.passStart });
}

/**
 * The same over one run of `rows` consecutive positions, `after + 1` to `after + rows` (one file of a pass
 * that reads several in turn). The first tenth's clock starts at `start` when given, else when `key` reached
 * `after`.
 */
export function rangeTenthRates(
  samples: readonly ProgressSample[],
  key: string,
  range: { after: bigint; rows: number; start?: number },
): TenthRates | null {
  const tenth = Math.max(1, Math.round(range.rows / 10));
  const at = (row: number) => crossingSeconds(samples, key, range.after + BigInt(row));
  const firstStart = range.start ?? at(0);
  const firstEnd = at(tenth);
  const lastStart = at(range.rows - tenth);
  const lastEnd = at(range.rows);
  if (firstStart === null || firstEnd === null || lastStart === null || lastEnd === null) return null;
  return {
    first: tenth / Math.max(firstEnd - firstStart, 1e-6),
    last: tenth / Math.max(lastEnd - lastStart, 1e-6),
  };
}

/**
 * `key`'s position at `seconds`: interpolated linearly between the samples around it (positions only grow);
 * the last sample's position after it. Null when no sample holds `key` at or before `seconds`.
 */
export function positionAt(samples: readonly ProgressSample[], key: string, seconds: number): bigint | null {
  // The last sample before `seconds` that holds `key`, and its position.
  let before: { seconds: number; position: bigint } | null = null;
  for (const sample of samples) {
    const position = sample.positions[key];
    if (position === undefined) continue;
    if (sample.seconds === seconds) return position;
    if (sample.seconds > seconds) {
      if (!before) return null;
      const share = (seconds - before.seconds) / (sample.seconds - before.seconds);
      return before.position + BigInt(Math.round(share * Number(position - before.position)));
    }
    before = { seconds: sample.seconds, position };
  }
  return before?.position ?? null;
}

/** A block event of a pass: its position in the log and the rows it holds. */
export interface BlockSize {
  position: bigint;
  rows: number;
}

/**
 * The samples with every position after `startedAt` counted in rows rather than events: a block pass
 * (issue 50) records 2,000 rows an event, so its positions are blocks; a read model's checkpoint at a block's
 * position has applied every row up to that block's last. Then `startedAt + n` is the pass's n-th row, as in
 * a pass of one event a row, and the tenths' rates are rows per second. `blocks`: the pass's block events in
 * log order; any other event of the pass counts one row.
 */
export function samplesInRows(
  samples: readonly ProgressSample[],
  startedAt: bigint,
  blocks: readonly BlockSize[],
): ProgressSample[] {
  if (blocks.length === 0) return [...samples];
  // extra[i]: rows beyond one a position, over blocks[0..i].
  const extra: bigint[] = [];
  let sum = 0n;
  for (const block of blocks) {
    sum += BigInt(block.rows - 1);
    extra.push(sum);
  }
  const inRows = (position: bigint): bigint => {
    if (position <= startedAt) return position;
    // The last block at or before `position`.
    let lo = 0;
    let hi = blocks.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (blocks[mid]!.position <= position) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? position : position + extra[found]!;
  };
  return samples.map((s) => ({
    seconds: s.seconds,
    positions: Object.fromEntries(Object.entries(s.positions).map(([k, p]) => [k, inRows(p)])),
  }));
}
