import { appendFileSync, readFileSync } from 'node:fs';

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
