import type { DatedFileIngest } from '../../ingest/core/datedFileCommand.ts';
import { snapshotPassMigrations } from '../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../ops/database/migrations.ts';
import type { Projection } from '../../projections/core/projection.ts';
import { openTestBed, type TestBed } from '../projections/core/testBed.ts';
import { testLogger } from './database.ts';

/** A test bed whose projections run from the start and have read every event after each pass. */
export interface SnapshotPassBed extends TestBed {
  /** One pass of a dated file through the register's ingester, then the projections caught up. */
  pass(ingest: DatedFileIngest, file: string, snapshotDate: string): Promise<void>;
}

/** A fresh database with the snapshot-pass tables and the given projections running, caught up. */
export async function openSnapshotPassBed(projections: Projection[]): Promise<SnapshotPassBed> {
  const bed = await openTestBed(projections);
  await runMigrations(bed.knex, snapshotPassMigrations);
  const runner = bed.runner();
  await runner.start();
  await runner.caughtUp();
  return {
    ...bed,
    async pass(ingest, file, snapshotDate) {
      await ingest({ knex: bed.knex, store: bed.store, logger: testLogger, file, snapshotDate });
      await runner.caughtUp();
    },
  };
}
