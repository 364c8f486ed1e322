import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from './processCpu.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The flags of app/cli/bin.mjs's shebang, which `node app/cli/bin.mjs` alone would not pass. */
const BIN_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * `registres ingest <register> <args…>` in its own process, as in production (the server projects, the command
 * line ingests), writing to the bench schema through the connection's search_path. Its peak RSS is read from
 * /proc/<pid>/status (VmHWM, Linux), its CPU seconds from what this process's waited-for children used before
 * and after it (nothing else is spawned meanwhile); null elsewhere.
 */
export async function ingestInChildProcess(opts: {
  url: string;
  schema: string;
  register: string;
  args: readonly string[];
  /** Node's own flags for the child (`--cpu-prof`, ...). */
  nodeFlags?: readonly string[];
}): Promise<{ peakRss: number | null; cpuSeconds: number | null; output: string }> {
  const url = new URL(opts.url);
  url.searchParams.set('options', `-c search_path=${opts.schema}`);
  const cpuBefore = await processCpuSeconds(process.pid);
  const child = spawn(
    process.execPath,
    [...BIN_NODE_FLAGS, ...(opts.nodeFlags ?? []), 'app/cli/bin.mjs', 'ingest', opts.register, ...opts.args],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  let peakRss: number | null = null;
  const sample = async () => {
    const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => null);
    const kb = status ? /VmHWM:\s+(\d+) kB/.exec(status)?.[1] : undefined;
    if (kb) peakRss = Math.max(peakRss ?? 0, Number(kb) * 1024);
  };
  const timer = setInterval(() => void sample(), 200);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearInterval(timer);
  if (code !== 0) throw new Error(`ingest process exited with ${code}: ${output.trim()}`);
  const cpuAfter = await processCpuSeconds(process.pid);
  const cpuSeconds = cpuBefore && cpuAfter ? cpuAfter.children - cpuBefore.children : null;
  return { peakRss, cpuSeconds, output };
}
