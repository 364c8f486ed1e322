import fs from 'node:fs/promises';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used (`own`) and those of its children that have exited and been
 * waited for (`children`: how a PostgreSQL server keeps the time of its closed connections, and how this
 * process learns what a child process used), from /proc/<pid>/stat. Null when the process is gone or /proc
 * is absent (not Linux).
 */
export async function processCpuSeconds(pid: number): Promise<{ own: number; children: number } | null> {
  return cpuOfStat(await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null));
}

/**
 * CPU seconds of this process's main thread alone (the event loop: a service running here), from
 * /proc/self/task/<pid>/stat; the rest of the process (worker threads, libuv's pool, the collector's helpers)
 * is `processCpuSeconds(pid).own` minus it. Null off Linux.
 */
export async function mainThreadCpuSeconds(): Promise<number | null> {
  const stat = await fs.readFile(`/proc/self/task/${process.pid}/stat`, 'utf8').catch(() => null);
  return cpuOfStat(stat)?.own ?? null;
}

function cpuOfStat(stat: string | null): { own: number; children: number } | null {
  if (!stat) return null;
  // The command name, field 2, is in parentheses and may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 to 17 of the line (utime, stime, cutime, cstime) are at 11 to 14 after the name.
  return {
    own: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    children: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

/**
 * CPU seconds of every PostgreSQL server process on this machine (postmaster, backends, background
 * workers), including the backends that have exited: the server's CPU, read from outside it. Null when no
 * postgres process is visible (another machine, another user without access, not Linux).
 */
export async function postgresCpuSeconds(): Promise<number | null> {
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  let total = 0;
  let found = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const comm = await fs.readFile(`/proc/${entry}/comm`, 'utf8').catch(() => '');
    if (!comm.startsWith('postgres')) continue;
    const status = await fs.readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const parentComm = await fs.readFile(`/proc/${parent}/comm`, 'utf8').catch(() => '');
    const cpu = await processCpuSeconds(Number(entry));
    if (cpu === null) continue;
    // The postmaster (whose parent is not a postgres) also counts its exited children.
    total += cpu.own + (parentComm.startsWith('postgres') ? 0 : cpu.children);
    found = true;
  }
  return found ? total : null;
}
