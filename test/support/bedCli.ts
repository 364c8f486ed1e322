import type { CliContext } from '../../ops/commandContext.ts';
import { loadConfig } from '../../ops/config.ts';
import type { TestBed } from '../projections/core/testBed.ts';
import { testLogger } from './database.ts';

/**
 * The context a command runs in against a test bed: default configuration, the bed's database and store, and
 * what it prints appended to `lines`. `bed` is read at each call (suites open a new bed per test).
 */
export function bedCli(bed: () => TestBed, lines: string[]): CliContext {
  return {
    config: loadConfig({}),
    logger: testLogger,
    out: (line) => lines.push(line),
    withDatabase: (fn) => fn(bed().db, bed().store),
  };
}
