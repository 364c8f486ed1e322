import os from 'node:os';
import type { Knex } from 'knex';
import { processCpuSeconds } from '../core/processCpu.ts';

/** The `application_name` the ingest process's connections carry (set in its connection string). */
export const INGEST_APPLICATION = 'registres-bench-ingest';

/** A connection string with `application_name` set (libpq's parameter, which node-postgres reads too). */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** CPU seconds of the PostgreSQL backends over a phase, by whose connections they serve. */
export interface BackendCpu {
  /** Backends of the ingest process's connections (appends, digests, block rows). */
  ingest: number;
  /**
   * Every other client backend of the database (and parallel worker): this process's (the projections as
   * `serve` runs them). Autovacuum's workers are not counted: no client asked for their work.
   */
  serving: number;
}

export interface BackendCpuSampler {
  /** Stops sampling; null when the server's processes cannot be read here (not a local Linux server). */
  stop(): Promise<BackendCpu | null>;
}

/**
 * Samples, every `intervalMs`, the CPU time (/proc/<pid>/stat, user + system) of the backends of the
 * database `knex` connects to, from the phase's start: what the server spent for the ingest process and for
 * this one. A backend's last increment before it exits between two samples is lost, and the sampling query
 * itself runs on a pooled connection of this process (counted as serving): a few tens of milliseconds. The
 * sampling connection is counted too: left out of the first sample, a pooled connection first seen later was
 * counted from its start, its whole life (a fill's or a vacuum's tens of seconds) charged to the phase.
 */
export async function startBackendCpuSampler(knex: Knex, intervalMs = 250): Promise<BackendCpuSampler> {
  const backends = new Map<number, { start: number; last: number; ingest: boolean }>();
  let readable = os.platform() === 'linux';
  const cpuOf = async (pid: number): Promise<number | null> => (await processCpuSeconds(pid))?.own ?? null;
  const sample = async (first: boolean) => {
    const { rows } = await knex.raw<{ rows: { pid: number; application_name: string }[] }>(
      `select pid, application_name from pg_stat_activity
        where datname = current_database()
          and backend_type in ('client backend', 'parallel worker')`,
    );
    let seen = 0;
    for (const { pid, application_name } of rows) {
      const cpu = await cpuOf(pid);
      if (cpu === null) continue;
      seen++;
      const known = backends.get(pid);
      if (known) known.last = cpu;
      // A backend there at the start counts from then; one started later, from its start.
      else
        backends.set(pid, {
          start: first ? cpu : 0,
          last: cpu,
          ingest: application_name === INGEST_APPLICATION,
        });
    }
    if (first && rows.length > 0 && seen === 0) readable = false;
  };
  if (readable) await sample(true);
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sample(false)).catch(() => {});
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      if (!readable) return null;
      await sample(false).catch(() => {});
      const cpu: BackendCpu = { ingest: 0, serving: 0 };
      for (const b of backends.values()) {
        if (b.ingest) cpu.ingest += b.last - b.start;
        else cpu.serving += b.last - b.start;
      }
      return cpu;
    },
  };
}
