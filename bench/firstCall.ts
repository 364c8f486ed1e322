import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIRST_CALL_PATH } from '../app/cli/commands/firstCall.ts';
import { SOURCE_ROOT } from '../ops/sourceRoot.ts';
import type { BenchContext } from './core/benchContext.ts';
import { printTable } from './core/printTable.ts';

export const description =
  'a newcomer’s first minute: fresh `npm start` (empty data dir) → `keys create` → first paid call answered';

const BIN = path.join(SOURCE_ROOT, 'app/cli/bin.mjs');
/** Issue 45: about a minute to the first answer; `keys create` 7 to 15 s. */
const BASELINE = { firstCall: 'about 60 s', keys: '7–15 s' };
const TARGET = { firstCallMs: 15_000, keysMs: 1_000 };

/** A child process's output as it comes, and a way to wait for a line. */
function watch(child: ChildProcess): (pattern: RegExp) => Promise<RegExpExecArray> {
  let out = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpExecArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += String(chunk);
    for (const w of [...waiters]) {
      const m = w.pattern.exec(out);
      if (!m) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return (pattern) =>
    new Promise((resolve, reject) => {
      const m = pattern.exec(out);
      if (m) return resolve(m);
      waiters.push({ pattern, resolve });
      child.once('exit', () => reject(new Error(`exited before printing ${pattern}:\n${out}`)));
    });
}

/** `registres keys create` against the running server: its wall time and the key it printed. */
async function createKey(env: NodeJS.ProcessEnv): Promise<{ ms: number; key: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'keys', 'create'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const [key] = await watch(child)(/rk_[A-Za-z0-9_-]+/);
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms: performance.now() - started, key };
}

/** Calls `url` with the key until it answers 200: the time it did, in ms since `since`. */
async function firstAnswer(url: string, key: string, since: number): Promise<number> {
  for (;;) {
    const res = await fetch(url, { headers: { 'X-Api-Key': key } }).catch(() => null);
    await res?.arrayBuffer();
    if (res?.status === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `registres bench first-call`: the figures a newcomer meets, on the embedded database. */
export async function run(_argv: string[], ctx: BenchContext): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-first-call-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const serve = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = watch(serve);
  try {
    const port = Number((await printed(/Listening: http:\/\/localhost:(\d+)/))[1]);
    const listening = performance.now() - started;
    const keyStarted = performance.now() - started;
    const { ms: keyMs, key } = await createKey(env);
    const firstCall = await firstAnswer(`http://127.0.0.1:${port}${FIRST_CALL_PATH}`, key, started);
    const secondKey = await createKey(env);
    await printed(/^Ready: /m);
    const ready = performance.now() - started;
    const load = `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} CPUs)`;
    printTable(
      `A fresh start on the embedded database, demo data seeded (load average ${load})`,
      [
        { step: 'npm start → listening', figure: seconds(listening), baseline: '', target: '' },
        {
          step: `keys create (started at ${seconds(keyStarted)})`,
          figure: seconds(keyMs),
          baseline: BASELINE.keys,
          target: seconds(TARGET.keysMs),
        },
        {
          step: 'keys create, start-up done',
          figure: seconds(secondKey.ms),
          baseline: BASELINE.keys,
          target: seconds(TARGET.keysMs),
        },
        {
          step: `npm start → first paid call 200 (GET ${FIRST_CALL_PATH})`,
          figure: seconds(firstCall),
          baseline: BASELINE.firstCall,
          target: seconds(TARGET.firstCallMs),
        },
        {
          step: 'npm start → Ready (every register seeded)',
          figure: seconds(ready),
          baseline: '',
          target: '',
        },
      ],
      ctx.out,
    );
    return 0;
  } finally {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
