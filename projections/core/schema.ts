import type { Migration } from '../../ops/database/migrations.ts';
import { bulkLoadMigrations } from './bulkLoad.ts';
import { busProjectorMigrations } from './busCheckpointsSchema.ts';
import { jointPublicationMigrations } from './jointPublication.ts';
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

/** Runs after the staged-pass table exists (stagedPassMigrations). */
const projectionRenameMigrations: Migration[] = [
  {
    // The European read models took their register's name (eu-no → no-brreg, eu-ee → ee-ariregister,
    // eu-lv → lv-ur): their checkpoints and snapshot states follow, so nothing is projected again.
    name: '0102_projection_register_names',
    async up(knex) {
      const renames: [string, string][] = [
        ['eu-no', 'no-brreg'],
        ['eu-ee', 'ee-ariregister'],
        ['eu-lv', 'lv-ur'],
      ];
      for (const [before, after] of renames) {
        await knex.raw('update projection_state set name = ? where name = ?', [after, before]);
        await knex.raw('update projection_snapshots set projection = ? where projection = ?', [
          after,
          before,
        ]);
        await knex.raw('update projection_staged_events set projection = ? where projection = ?', [
          after,
          before,
        ]);
      }
    },
  },
];

/** Everything to migrate before a runner starts: the core tables, then each projection's own. */
export function projectionMigrationsFor(projections: readonly Projection[]): Migration[] {
  return [
    ...projectionCoreMigrations,
    ...stagedPassMigrations,
    ...projectionRenameMigrations,
    ...bulkLoadMigrations,
    ...jointPublicationMigrations,
    ...busProjectorMigrations,
    ...projections.flatMap((p) => p.migrations),
  ];
}
