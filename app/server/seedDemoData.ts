import type { DemoSeeder } from '../../ingest/core/demoSeeder.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { SNAPSHOT_COMPLETED, snapshotStreamId } from '../../schemas/events/snapshotEvents.ts';
import { DEMO_SEEDERS } from '../readSide.ts';

/**
 * `DEMO_DATA=1` always seeds, `0` never; unset: the embedded database is seeded, a server is not (a real
 * deployment must not find demo companies in its registers).
 */
export function demoDataWanted(db: Database, env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env.DEMO_DATA?.trim();
  if (flag === '1' || flag === 'true') return true;
  if (flag === '0' || flag === 'false') return false;
  return db.kind !== 'postgres';
}

/**
 * Runs the demo seeder of each register that has never completed a pass, in the manifests' order (the French
 * registers first), one log line per register saying which of how many. A register whose pass a crash
 * interrupted is seeded again (its unfinished pass is abandoned by the new one). Returns the registers seeded.
 */
export async function seedDemoData(
  db: Database,
  store: EventStore,
  logger: Logger,
  seeders: readonly DemoSeeder[] = DEMO_SEEDERS,
): Promise<string[]> {
  const missing: DemoSeeder[] = [];
  for (const seeder of seeders) if (!(await hasCompletedPass(store, seeder.register))) missing.push(seeder);
  const seeded: string[] = [];
  for (const [at, seeder] of missing.entries()) {
    const started = Date.now();
    logger.info(
      { register: seeder.register, step: at + 1, of: missing.length },
      `seeding demo data (${at + 1}/${missing.length}): ${seeder.description}`,
    );
    await seeder.seed({ knex: db.knex, store, logger });
    logger.info(
      { register: seeder.register, step: at + 1, of: missing.length, ms: Date.now() - started },
      `demo data seeded (${at + 1}/${missing.length}): ${seeder.register}`,
    );
    seeded.push(seeder.register);
  }
  return seeded;
}

/** Whether a pass of the register ever completed (an interrupted one leaves only its SnapshotStarted). */
async function hasCompletedPass(store: EventStore, register: string): Promise<boolean> {
  const events = await store.readStream(snapshotStreamId(register));
  return events.some((e) => e.type === SNAPSHOT_COMPLETED);
}
