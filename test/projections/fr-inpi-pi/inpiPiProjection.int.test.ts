import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrInpiPi } from '../../../ingest/fr-inpi-pi/ingestFrInpiPi.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { INPI_TITRES_TABLE, inpiPiProjection } from '../../../projections/fr-inpi-pi/inpiPiProjection.ts';
import { blockStreamId } from '../../../schemas/events/entityBlockEvents.ts';
import { FR_INPI_PI_REGISTER, frInpiPiStreamOf } from '../../../schemas/events/frInpiPiEvents.ts';
import { INPI_FIXTURES } from '../../ingest/fr-inpi-pi/inpiPiFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`INPI industrial-property projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;
  let sha256: string;

  before(async () => {
    bed = await openTestBed([inpiPiProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    const done = await ingestFrInpiPi({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      paths: [INPI_FIXTURES],
      snapshotDate: '2026-12-01',
    });
    sha256 = done.fileSha256;
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds one row per title, found by a holder’s SIREN', async () => {
    const rows = await bed.knex(INPI_TITRES_TABLE).orderBy('id');
    expect(rows).to.deep.equal([
      {
        id: '9307182',
        type: 'brevet',
        numero: '9307182',
        libelle: "VEHICULE ROUTIER OU FEROVIAIRE ET SON PROCEDE D'ASSEMBLAGE",
        statut: 'INSCRI',
        date_depot: '1993-06-15',
        titulaires_siren: ['752364778'],
        titulaires_non_identifies: 0,
      },
      {
        id: 'FR5189659',
        type: 'marque',
        numero: '5189659',
        libelle: 'DIOR',
        statut: 'Marque enregistrée',
        date_depot: '2025-10-15',
        titulaires_siren: ['612035832'],
        titulaires_non_identifies: 0,
      },
    ]);
    const held = await bed
      .knex(INPI_TITRES_TABLE)
      .whereRaw('titulaires_siren @> array[?]::text[]', ['612035832']);
    expect(held.map((r) => r.id)).to.deep.equal(['FR5189659']);
  });

  it('records the snapshot it applied: version and the files’ manifest SHA-256', async () => {
    const [state] = await bed.knex('projection_snapshots').where({ projection: inpiPiProjection.name });
    expect(state).to.deep.include({ register: 'fr.inpi-pi', version: '2026-12-01', sha256 });
  });

  it('truncating and replaying the log (the first pass in block events) gives the same table checksum', async () => {
    expect(await bed.store.streamVersion(blockStreamId(FR_INPI_PI_REGISTER))).to.not.equal(null);
    const before = await tableChecksum(bed.knex, INPI_TITRES_TABLE);
    await runner.rebuild(inpiPiProjection.name);
    expect(await tableChecksum(bed.knex, INPI_TITRES_TABLE)).to.equal(before);
  });

  it('a pass of one event per title gives the same table checksum as the block events', async () => {
    const before = await tableChecksum(bed.knex, INPI_TITRES_TABLE);
    await ingestFrInpiPi({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      paths: [INPI_FIXTURES],
      snapshotDate: '2026-12-02',
      oneEventPerRow: true,
      recordAll: true,
    });
    for (const title of [
      { kind: 'marque', id: 'FR5189659' },
      { kind: 'brevet', id: '9307182' },
    ]) {
      expect(await bed.store.streamVersion(frInpiPiStreamOf(title)), 'its own event').to.not.equal(null);
    }
    await runner.caughtUp();
    expect(await tableChecksum(bed.knex, INPI_TITRES_TABLE)).to.equal(before);
  });
});
