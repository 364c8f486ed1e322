import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With TEST_FILE_TIMINGS=<file>, appends one JSON line per test file as its top suite ends: wall time, this
 * process's CPU time and its reaped children's (served processes, ingests), so that the slow files and what
 * makes them slow are seen from one run (`sort` the lines by `wallMs`).
 */
export function watchFileTimings(runner: Mocha.Runner) {
  const out = process.env.TEST_FILE_TIMINGS;
  if (!out) return;
  const started = new Map<Mocha.Suite, { wall: number; cpu: NodeJS.CpuUsage; children: number }>();
  runner.on('suite', (suite: Mocha.Suite) => {
    if (!suite.parent?.root) return;
    started.set(suite, { wall: performance.now(), cpu: process.cpuUsage(), children: childrenCpuMs() });
  });
  runner.on('suite end', (suite: Mocha.Suite) => {
    const start = started.get(suite);
    if (!start) return;
    const cpu = process.cpuUsage(start.cpu);
    const line = {
      file: suite.file?.replace(`${process.cwd()}/`, '') ?? suite.title,
      suite: suite.title,
      wallMs: Math.round(performance.now() - start.wall),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      childrenCpuMs: childrenCpuMs() - start.children,
      tests: suite.total(),
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
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
export function profileFiles(runner: Mocha.Runner) {
  const dir = process.env.TEST_CPU_PROFILES;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  let queue: Promise<unknown> = session.post('Profiler.enable');
  runner.on('suite', (suite: Mocha.Suite) => {
    if (!suite.parent?.root) return;
    queue = queue.then(() => session.post('Profiler.start'));
  });
  runner.on('suite end', (suite: Mocha.Suite) => {
    if (!suite.parent?.root) return;
    const name = (suite.file ?? suite.title).replace(`${process.cwd()}/`, '').replaceAll('/', '__');
    queue = queue
      .then(() => session.post('Profiler.stop'))
      .then(({ profile }) => writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile)));
  });
}
