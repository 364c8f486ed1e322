import type { Knex } from 'knex';

/** A schema change owned by one module (the event log, a projection, the ledger, ...). Names are unique and stable. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
}

/** Runs the given migrations in order, each once, recorded in knex's own table. */
export async function runMigrations(knex: Knex, migrations: readonly Migration[]): Promise<string[]> {
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
