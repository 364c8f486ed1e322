import path from 'node:path';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestEuFsf } from '../../../ingest/eu-fsf/ingestEuFsf.ts';
import { ingestFrGels } from '../../../ingest/fr-gels/ingestFrGels.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { demoDirOf } from '../../../ops/sourceRoot.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { euFsfProjection } from '../../../projections/eu-fsf/euFsfProjection.ts';
import { frGelsProjection } from '../../../projections/fr-gels/frGelsProjection.ts';
import { testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

/** The real EU excerpt and the French publication (ingest/<stem>/demo/SOURCE.txt). */
export const EU_FSF_EXCERPT = path.join(demoDirOf('eu-fsf'), 'eu_fsf.xml');
export const FR_GELS_PUBLICATION = path.join(demoDirOf('fr-gels'), 'registre_gels_constructed.json');

/** The natural persons of both files: names, first names, aliases, a passport number. */
export const NATURAL_PERSONS = [
  'Mugabe',
  'Robert Gabriel',
  'AD001095',
  'SHILKIN',
  'Grigory Vladimirovich',
  'ШИЛКИН',
  'NAYDENKO',
  'Aleksey Alekseevich',
  'Oleksii',
];

/** Both lists ingested (dated by their files, as the command does) and both read models caught up. */
export async function openSanctionsBed(): Promise<{ bed: TestBed; runner: ProjectionRunner }> {
  const bed = await openTestBed([euFsfProjection, frGelsProjection]);
  try {
    await runMigrations(bed.knex, snapshotPassMigrations);
    const common = { knex: bed.knex, store: bed.store, logger: testLogger };
    await ingestEuFsf({ ...common, file: EU_FSF_EXCERPT, snapshotDate: '2018-12-21' });
    await ingestFrGels({ ...common, file: FR_GELS_PUBLICATION, snapshotDate: '2026-05-31' });
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
    return { bed, runner };
  } catch (e) {
    await bed.close();
    throw e;
  }
}
