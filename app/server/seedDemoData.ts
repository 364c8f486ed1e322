import type { DemoSeeder } from '../../ingest/core/demoSeeder.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';
import { snapshotStreamId } from '../../schemas/events/snapshotEvents.ts';
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

/** Runs each register's demo seeder when that register has never had a pass. Returns the registers seeded. */
export async function seedDemoData(
  db: Database,
  store: EventStore,
  logger: Logger,
  seeders: readonly DemoSeeder[] = DEMO_SEEDERS,
): Promise<string[]> {
  const seeded: string[] = [];
  for (const seeder of seeders) {
    if ((await store.streamVersion(snapshotStreamId(seeder.register))) !== null) continue;
    logger.info({ register: seeder.register }, `seeding demo data: ${seeder.description}`);
    await seeder.seed({ knex: db.knex, store, logger });
    seeded.push(seeder.register);
  }
  return seeded;
}
