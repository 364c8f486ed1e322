import type { Migration } from '../../ops/database/migrations.ts';
import type { Projection } from './projection.ts';
import { stagedPassMigrations } from './stagedPass.ts';

/**
 * The runner's own tables. `projection_state`: one checkpoint per projection. `projection_snapshots`: per
 * projection and register, the snapshot published as current (all null until one completes) and the pass
 * started but not yet completed (`pending_*`).
 */
export const projectionCoreMigrations: Migration[] = [
  {
    name: '0100_projection_state',
    async up(knex) {
      await knex.raw(`
        create table projection_state (
          name text primary key,
          position bigint not null default 0,
          updated_at timestamptz,
          last_error text null
        )`);
    },
  },
  {
    name: '0100_projection_snapshots',
    async up(knex) {
      await knex.raw(`
        create table projection_snapshots (
          projection text not null,
          register text not null,
          version text,
          snapshot_date date,
          sha256 text,
          completed_at timestamptz,
          pending_version text,
          pending_snapshot_date date,
          pending_sha256 text,
          pending_started_at timestamptz,
          primary key (projection, register)
        )`);
    },
  },
];

/** Everything to migrate before a runner starts: the core tables, then each projection's own. */
export function projectionMigrationsFor(projections: readonly Projection[]): Migration[] {
  return [...projectionCoreMigrations, ...stagedPassMigrations, ...projections.flatMap((p) => p.migrations)];
}
