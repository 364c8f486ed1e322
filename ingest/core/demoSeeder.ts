import path from 'node:path';
import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { todayUtc } from './today.ts';

/**
 * Demo data for `npm start` on a fresh clone: small real-format files shipped under
 * `ingest/<register>/demo/`, run through the register's real ingester when the register holds nothing yet.
 */
export interface DemoSeeder {
  register: string;
  description: string;
  /**
   * `snapshotDate`: the date of the pass, for a register whose passes carry one (default: today, so that a
   * fresh clone serves its demo within the register's freshness threshold).
   */
  seed(ctx: { knex: Knex; store: EventStore; logger: Logger; snapshotDate?: string }): Promise<void>;
}

/** What a seeder is handed: the database, the log, the logger and, maybe, the pass's date. */
export type DemoContext = Parameters<DemoSeeder['seed']>[0];

type DemoFileNames = Readonly<Record<string, string | readonly string[]>>;

/** A register's demo files by role, from their names under `ingest/<stem>/demo/` (a role may hold a list). */
export function demoFilesOf<T extends DemoFileNames>(stem: string, names: T): T {
  const dir = demoDirOf(stem);
  const at = (name: string) => path.join(dir, name);
  return Object.fromEntries(
    Object.entries(names).map(([role, name]) => [role, typeof name === 'string' ? at(name) : name.map(at)]),
  ) as unknown as T;
}

/**
 * The seeder of a register loaded from files in one dated pass: its ingester run over its demo files, on the
 * date asked or today (so that a fresh clone serves its demo within the register's freshness threshold).
 */
export function datedFilesDemo<F>(
  register: string,
  description: string,
  files: F,
  ingest: (opts: DemoContext & { files: F; snapshotDate: string }) => Promise<unknown>,
): DemoSeeder {
  return {
    register,
    description,
    async seed(ctx) {
      await ingest({ ...ctx, files, snapshotDate: ctx.snapshotDate ?? todayUtc() });
    },
  };
}
