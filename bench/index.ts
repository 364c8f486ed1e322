import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../ops/config.ts';
import { createLogger } from '../ops/logger.ts';
import type { BenchContext, BenchModule } from './core/benchContext.ts';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs the benchmark named by `argv[0]` with the rest of `argv` (`--help` or no name: the list).
 * Benchmarks are the files `bench/<name in camelCase>.ts` exporting `run(argv, ctx)`; adding one needs no
 * change here.
 * Returns the process exit code.
 */
export async function runBench(argv: string[], overrides: Partial<BenchContext> = {}): Promise<number> {
  const config = overrides.config ?? loadConfig();
  const ctx: BenchContext = {
    config,
    logger: overrides.logger ?? createLogger(process.env.LOG_LEVEL ?? 'warn'),
    out: overrides.out ?? ((line) => process.stdout.write(`${line}\n`)),
  };
  const [name, ...rest] = argv;
  const names = await listBenchmarks();
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await printHelp(names, ctx);
    return name === undefined ? 1 : 0;
  }
  if (!names.includes(name)) {
    ctx.out(`unknown benchmark "${name}"; available: ${names.join(', ') || '(none)'}`);
    return 1;
  }
  const mod = await loadBenchmark(name);
  try {
    return await mod.run(rest, ctx);
  } catch (err) {
    ctx.out(`bench ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

/** A benchmark's command-line name is its file name in kebab-case (`cliStart.ts` → `cli-start`). */
const nameOfFile = (file: string) => file.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const fileOfName = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Names of the benchmarks: every `bench/*.ts` but this file. */
export async function listBenchmarks(): Promise<string[]> {
  const files = await fs.readdir(BENCH_DIR);
  return files
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'index.ts')
    .map((f) => nameOfFile(f.slice(0, -'.ts'.length)))
    .sort();
}

async function loadBenchmark(name: string): Promise<BenchModule> {
  const file = `${fileOfName(name)}.ts`;
  const mod = (await import(path.join(BENCH_DIR, file))) as Partial<BenchModule>;
  if (typeof mod.run !== 'function') throw new Error(`bench/${file} does not export run(argv, ctx)`);
  return mod as BenchModule;
}

async function printHelp(names: string[], ctx: BenchContext): Promise<void> {
  ctx.out('usage: registres bench <name> [options]   (registres bench <name> --help for its options)');
  ctx.out('');
  ctx.out('benchmarks:');
  const width = Math.max(0, ...names.map((n) => n.length));
  for (const name of names) {
    const mod = await loadBenchmark(name).catch(() => null);
    ctx.out(`  ${name.padEnd(width)}  ${mod?.description ?? ''}`.trimEnd());
  }
  ctx.out('');
  ctx.out('Benchmarks print figures; they assert nothing. DATABASE_URL selects the server, else an embedded');
  ctx.out('database in memory. See BENCHMARKS.md.');
}
