import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { printTable } from './printTable.ts';

/** The part of a V8 CPU profile (`Profiler.stop`, a `.cpuprofile` file) this module reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuProfileWindow {
  /** Stops the profiler and returns the profile of the window. */
  stop(): Promise<CpuProfile>;
}

/**
 * Profiles this thread (V8's sampling profiler, through the inspector) from now until `stop()`: the window of
 * one load test, where `node --cpu-prof` would take the whole process, ingest and warm-ups included.
 */
export async function startCpuProfile(intervalMicros = 250): Promise<CpuProfileWindow> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalMicros });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await session.post('Profiler.disable');
      session.disconnect();
      return profile as CpuProfile;
    },
  };
}

/** Writes the profile where Chrome's DevTools or speedscope open it: `<dir>/<name>.cpuprofile`. */
export async function writeCpuProfile(dir: string, name: string, profile: CpuProfile): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.cpuprofile`);
  await fs.writeFile(file, JSON.stringify(profile));
  return file;
}

/** A profile written by `node --cpu-prof`, or null when the file is not there. */
export async function readCpuProfile(file: string): Promise<CpuProfile | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as CpuProfile);
}

/**
 * Self time by function (name, file and line), in microseconds, largest first; the idle and program
 * pseudo-functions are kept (they say how busy the thread was). A sample's time is the delta that follows it.
 */
export function selfTimeByFunction(profile: CpuProfile): Map<string, number> {
  const names = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
    names.set(node.id, file ? `${functionName || '(anonymous)'} ${file}` : functionName || '(anonymous)');
  }
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const self = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const name = names.get(samples[i] ?? -1) ?? '(unknown)';
    const micros = deltas[i + 1] ?? 0;
    self.set(name, (self.get(name) ?? 0) + micros);
  }
  return new Map([...self.entries()].sort((a, b) => b[1] - a[1]));
}

/**
 * The profile's samples taken inside these windows only (`[start, end]` in microseconds of the monotonic clock
 * `process.hrtime` reads, which V8's profile timestamps share), each with the time that followed it: what the
 * thread did between a request and its answer, without the pauses between them.
 */
export function withinWindows(
  profile: CpuProfile,
  windows: readonly (readonly [number, number])[],
): CpuProfile {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const kept: number[] = [];
  const keptDeltas: number[] = [0];
  let at = profile.startTime;
  let w = 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    while (w < windows.length && windows[w]![1] < at) w++;
    if (w < windows.length && windows[w]![0] <= at) {
      kept.push(samples[i]!);
      keptDeltas.push(deltas[i + 1] ?? 0);
    }
  }
  return { ...profile, samples: kept, timeDeltas: keptDeltas };
}

/**
 * Self time by function, one column per profile, each divided by `per` (its answers or rows): the `top`
 * largest functions of the column `lead`, then each column's total (idle included).
 */
export function printSelfTimeTable(opts: {
  title: string;
  profiles: Map<string, { profile: CpuProfile; per: number }>;
  unit: string;
  lead: string;
  top?: number;
  out: (line: string) => void;
}): void {
  const columns = [...opts.profiles.entries()].map(([name, { profile, per }]) => {
    const self = selfTimeByFunction(profile);
    for (const [fn, micros] of self) self.set(fn, micros / Math.max(1, per));
    return { name, self };
  });
  const lead = columns.find((c) => c.name === opts.lead) ?? columns[0];
  if (!lead) return;
  const cell = (n: number | undefined) => (n === undefined ? '' : n.toFixed(1));
  const rows: Record<string, string>[] = [...lead.self.keys()].slice(0, opts.top ?? 30).map((fn) => {
    const row: Record<string, string> = { function: fn.length > 70 ? `${fn.slice(0, 67)}...` : fn };
    for (const c of columns) row[`${c.name} (${opts.unit})`] = cell(c.self.get(fn));
    return row;
  });
  const total: Record<string, string> = { function: 'total of the thread (idle included)' };
  for (const c of columns)
    total[`${c.name} (${opts.unit})`] = cell([...c.self.values()].reduce((a, b) => a + b, 0));
  rows.push(total);
  printTable(opts.title, rows, opts.out);
}
