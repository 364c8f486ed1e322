import type { Config } from '../../ops/config.ts';
import type { Logger } from '../../ops/logger.ts';

/** What a benchmark is given by the runner. */
export interface BenchContext {
  config: Config;
  logger: Logger;
  /** Human-readable output (stdout). */
  out(line: string): void;
}

/** A benchmark module: `bench/<name>.ts` exporting `run`, and optionally a one-line `description`. */
export interface BenchModule {
  description?: string;
  run(argv: string[], ctx: BenchContext): Promise<number>;
}
