import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledCommandLine } from './bundledChild.ts';

/** The command line as `npx registres` runs it. */
export const REGISTRES_BIN = fileURLToPath(new URL('../../app/cli/bin.mjs', import.meta.url));

/**
 * The node options `npx registres` runs with: those of bin.mjs's `#!/usr/bin/env -S node …` line (a young
 * generation of 2 x 32 MiB). A child spawned as `node bin.mjs` skips that line: without them it would run, and
 * spend its CPU, as the command line never does (the bulk passes' collections, bin.mjs).
 */
export const REGISTRES_NODE_OPTIONS: readonly string[] = (() => {
  const shebang = readFileSync(REGISTRES_BIN, 'utf8').split('\n', 1)[0]!;
  const words = shebang.replace(/^#!\s*/, '').split(/\s+/);
  const node = words.findIndex((w) => w === 'node' || w.endsWith('/node'));
  return node === -1 ? [] : words.slice(node + 1).filter((w) => w.startsWith('--'));
})();

/** The argument list of `node` running `registres args…` as `npx registres` does. */
export const registresArgv = (args: readonly string[]): string[] => [
  ...REGISTRES_NODE_OPTIONS,
  REGISTRES_BIN,
  ...args,
];

/**
 * The argument list of `node` running `registres args…` from the command line's test bundle
 * (bundledCommandLine): the same code as `npx registres` with the same node options, started in less CPU. A
 * benchmark runs from bin.mjs, which runs `bench` from the TypeScript sources (benchmarks are found at run time).
 */
export async function bundledRegistresArgv(args: readonly string[]): Promise<string[]> {
  if (args[0] === 'bench') return registresArgv(args);
  return [...REGISTRES_NODE_OPTIONS, ...CHILD_NODE_OPTIONS, await bundledCommandLine(), ...args];
}

/**
 * V8's baseline WebAssembly compiler only, for PGlite's engine in the children: the optimising tier compiles
 * the functions a process runs often on other threads, about 0.7 s of CPU that a child living a few seconds
 * never earns back (`keys create` on the demo: 1.35 s of CPU, 0.6 s with the flag). Only the speed of the
 * engine changes, not what it does.
 */
const CHILD_NODE_OPTIONS = ['--liftoff-only'];

type Exit = { code: number | null; signal: NodeJS.Signals | null };

export interface ServeProcess {
  child: ChildProcess;
  /** The port it listens on; throws for a process started with `listens: false`. */
  readonly port: number;
  /** `http://127.0.0.1:<port>`; throws for a process started with `listens: false`. */
  readonly baseUrl: string;
  /** Resolves when the process printed a line matching `pattern`; rejects if it exits first. */
  printed(pattern: RegExp): Promise<void>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  exit: Promise<Exit>;
  /** SIGTERM, then its exit (the served log is flushed before a clean exit). */
  stop(): Promise<Exit>;
}

/**
 * `registres serve [args]` in a child process, on a free loopback port; resolves once it listens, or at once
 * with `listens: false` (a process that serves no HTTP).
 */
export async function startServeProcess(
  env: NodeJS.ProcessEnv,
  opts: { args?: readonly string[]; listens?: boolean } = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, await bundledRegistresArgv(['serve', ...(opts.args ?? [])]), {
    env: { LOG_LEVEL: 'warn', ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += String(chunk);
    for (const w of [...waiters]) {
      if (w.pattern.test(out)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(out)) return resolve();
      waiters.push({ pattern, resolve });
      void exit.then(() => reject(new Error(`serve exited before printing ${pattern}:\n${out}`)));
    });
  let port: number | null = null;
  if (opts.listens !== false) {
    await printed(/Listening: http:\/\/localhost:\d+/);
    port = Number(/Listening: http:\/\/localhost:(\d+)/.exec(out)![1]);
  }
  const listening = () => {
    if (port === null) throw new Error('this serve process was started with listens: false');
    return port;
  };
  return {
    child,
    get port() {
      return listening();
    },
    get baseUrl() {
      return `http://127.0.0.1:${listening()}`;
    },
    printed,
    output: () => out,
    exit,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exit;
    },
  };
}

/** One `registres …` command to its end: its exit code and what it printed on stdout (and stderr if asked). */
export async function runRegistres(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  opts: { stderr?: boolean } = {},
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, await bundledRegistresArgv(args), {
    env: { LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', opts.stderr ? 'pipe' : 'inherit'],
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += String(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr?.on('data', collect);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  return { code, out };
}

/** `registres keys create --credits N`: the new account and its key, as printed. */
export async function createKeyWithCredits(
  env: NodeJS.ProcessEnv,
  credits: string,
): Promise<{ accountId: string; key: string }> {
  const { out } = await runRegistres(env, ['keys', 'create', '--credits', credits]);
  const key = /rk_[A-Za-z0-9_-]+/.exec(out)?.[0];
  const accountId = /^account:\s+(\S+)/m.exec(out)?.[1];
  if (!key || !accountId) throw new Error(`no account or key printed: ${out}`);
  return { accountId, key };
}

/**
 * Calls `url` with the key until it answers 200, or `withinMs` passed: a key opened from the command line is
 * known to a serving process once its projections have applied the key's account.
 */
export async function answeredWithKey(url: string, key: string, withinMs = 30_000): Promise<Response> {
  const until = Date.now() + withinMs;
  for (;;) {
    const res = await fetch(url, { headers: { 'X-Api-Key': key } });
    if (res.status === 200 || Date.now() > until) return res;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 250));
  }
}
