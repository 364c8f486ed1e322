import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With TEST_FILE_TIMINGS=<file>, appends one JSON line per test file as its top suite ends: wall time, the
 * running process's CPU time and its reaped children's (served processes, ingests), so that the slow files
 * and what makes them slow are seen from one run (`sort` the lines by `wallMs`). Each process (a parallel
 * worker) appends its own files' lines. `start` returns the function that ends the file's measure.
 */
export function fileTimer(): { start(file: string, suite: Mocha.Suite): () => void } {
  const out = process.env.TEST_FILE_TIMINGS;
  return {
    start(file, suite) {
      if (!out) return () => {};
      const wall = performance.now();
      const cpu = process.cpuUsage();
      const children = childrenCpuMs();
      return () => {
        const used = process.cpuUsage(cpu);
        const line = {
          file,
          suite: suite.title,
          wallMs: Math.round(performance.now() - wall),
          cpuMs: Math.round((used.user + used.system) / 1000),
          childrenCpuMs: childrenCpuMs() - children,
          tests: suite.total(),
          worker: process.env.MOCHA_WORKER_ID ?? null,
        };
        appendFileSync(out, `${JSON.stringify(line)}\n`);
      };
    },
  };
}

/** User and system CPU time of this process's reaped children, from /proc (0 where /proc is absent). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3): cutime and cstime are fields 16 and 17, in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/**
 * With TEST_CPU_PROFILES=<dir>, writes one V8 CPU profile per test file (`<file>.cpuprofile`, from its top
 * suite's start to its end: its hooks and tests, not the run's set-up), to open in Chrome's DevTools or
 * `speedscope`: what a slow file spends its time on.
 */
export function fileProfiler(): { start(file: string): () => void } {
  const dir = process.env.TEST_CPU_PROFILES;
  let session: Session | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    start(file) {
      if (!dir) return () => {};
      if (!session) {
        mkdirSync(dir, { recursive: true });
        session = new Session();
        session.connect();
        queue = session.post('Profiler.enable');
      }
      const profiling = session;
      queue = queue.then(() => profiling.post('Profiler.start'));
      return () => {
        const name = file.replaceAll('/', '__');
        queue = queue
          .then(() => profiling.post('Profiler.stop'))
          .then(({ profile }) =>
            writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile)),
          );
      };
    },
  };
}
