import type { Knex } from 'knex';

/** A schema change owned by one module (the event log, a projection, the ledger, ...). Names are unique and stable. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
}

/**
 * The migrations of several processes started together on one server run one process at a time: knex's own
 * lock table refuses a second runner with an error (and creating that table races) instead of waiting.
 */
const MIGRATIONS_LOCK = "hashtext('registres migrations'), hashtext(current_schema())";

/**
 * Runs the given migrations in order, each once, recorded in knex's own table. `exclusive` (a PostgreSQL
 * server others may migrate at the same moment): waits for a session advisory lock first.
 */
export async function runMigrations(
  knex: Knex,
  migrations: readonly Migration[],
  opts: { exclusive?: boolean } = {},
): Promise<string[]> {
  if (!opts.exclusive) return migrateLatest(knex, migrations);
  const connection = (await knex.client.acquireConnection()) as {
    query(sql: string): Promise<unknown>;
  };
  try {
    await connection.query(`select pg_advisory_lock(${MIGRATIONS_LOCK})`);
    try {
      return await migrateLatest(knex, migrations);
    } finally {
      await connection.query(`select pg_advisory_unlock(${MIGRATIONS_LOCK})`);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

async function migrateLatest(knex: Knex, migrations: readonly Migration[]): Promise<string[]> {
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`migration name used twice: ${m.name}`);
    names.add(m.name);
  }
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => [...migrations],
    getMigrationName: (m) => m.name,
    getMigration: async (m) => ({ up: (k: Knex) => m.up(k), down: async () => {} }),
  };
  const [, applied] = (await knex.migrate.latest({
    migrationSource: source,
    // Each module brings its own migrations; a run with fewer modules must not call the others missing.
    disableMigrationsListValidation: true,
  })) as [number, string[]];
  return applied;
}
