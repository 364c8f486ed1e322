import type { Knex } from 'knex';
import { snapshotPassMigrations } from '../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../ops/database/migrations.ts';
import { eventStoreMigrations } from '../../ops/eventstore/postgres/index.ts';
import { projectionMigrationsFor } from '../../projections/core/schema.ts';
import { rechercheProjection } from '../../projections/fr-sirene-recherche/rechercheProjection.ts';

/**
 * The tables the search benchmarks need: the log, the pass's digests and the search index. On a reused schema
 * this applies only the migrations added since it was built (e.g. a new index).
 */
export const migrateRechercheBench = (knex: Knex) =>
  runMigrations(knex, [
    ...eventStoreMigrations,
    ...snapshotPassMigrations,
    ...projectionMigrationsFor([rechercheProjection]),
  ]);
