import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SOURCE_ROOT } from '../ops/sourceRoot.ts';
import type { BenchContext } from './core/benchContext.ts';
import { printTable } from './core/printTable.ts';

export const description =
  'start-up of the command line: `registres --help`, compiled build vs tsx vs plain node';

const BIN = path.join(SOURCE_ROOT, 'app/cli/bin.mjs');

/** Median wall time of `runs` runs of a command, in milliseconds. */
function median(runs: number, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** `registres bench cli-start [runs]`: the build compiled at install time must start close to plain node. */
export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const runs = Number(argv[0] ?? 11);
  const floor = median(runs, ['-e', '0']);
  const compiled = median(runs, [BIN, '--help']);
  const sources = median(runs, [BIN, '--help'], { REGISTRES_FROM_SOURCES: '1' });
  const version = median(runs, [BIN, '--version']);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  printTable(
    `Command-line start-up (median of ${runs} runs; the build is used only when fresh: run npm install first)`,
    [
      { command: 'node -e 0 (floor)', 'wall time': ms(floor), 'over the floor': '' },
      {
        command: 'registres --help (dist/, compiled at install)',
        'wall time': ms(compiled),
        'over the floor': ms(compiled - floor),
      },
      {
        command: 'registres --version (dist/)',
        'wall time': ms(version),
        'over the floor': ms(version - floor),
      },
      {
        command: 'registres --help (sources through tsx)',
        'wall time': ms(sources),
        'over the floor': ms(sources - floor),
      },
    ],
    ctx.out,
  );
  return 0;
}
