import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestFrQualiopi } from '../../../ingest/fr-qualiopi/ingestFrQualiopi.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  QUALIOPI_DECLARATIONS_TABLE,
  qualiopiProjection,
} from '../../../projections/fr-qualiopi/qualiopiProjection.ts';
import { QUALIOPI_DEMO } from '../../ingest/fr-qualiopi/qualiopiFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`Qualiopi projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([qualiopiProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrQualiopi({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: QUALIOPI_DEMO,
      snapshotDate: '2026-12-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds one row per declaration, its flags as booleans, its dates ISO and its counts as integers', async () => {
    const [row] = await bed.knex(QUALIOPI_DECLARATIONS_TABLE).where({ siren: '812235133' });
    expect(row).to.deep.equal({
      id: '812235133-11940987694',
      siren: '812235133',
      siret: '81223513300011',
      nda: '11940987694',
      ndas_precedents: null,
      actions_de_formation: true,
      bilans_de_competences: true,
      vae: false,
      apprentissage: false,
      date_derniere_declaration: '2026-05-18',
      debut_exercice: '2025-01-01',
      fin_exercice: '2025-12-31',
      specialites: JSON.stringify([
        {
          code: '326',
          libelle: "Informatique, traitement de l'information, réseaux de transmission des données",
        },
        { code: '315', libelle: "Ressources humaines, gestion du personnel, gestion de l'emploi" },
      ]),
      nb_stagiaires: 42,
      nb_stagiaires_confies: 0,
      effectif_formateurs: 1,
    });
  });

  it('an empty certification cell stays null (not published), not false', async () => {
    const rows = await bed.knex(QUALIOPI_DECLARATIONS_TABLE).where({ siren: '356000000' }).orderBy('nda');
    expect(rows.map((r) => [r.nda, r.actions_de_formation, r.vae])).to.deep.equal([
      ['11755565775', true, null],
      ['11755762075', null, null],
    ]);
    const counted = await bed.knex(QUALIOPI_DECLARATIONS_TABLE).count('* as n');
    expect(Number(counted[0]?.n)).to.equal(3);
  });

  it('records the snapshot it applied: version and the file’s SHA-256', async () => {
    const [state] = await bed.knex('projection_snapshots').where({ projection: qualiopiProjection.name });
    expect(state).to.deep.include({
      register: 'fr.qualiopi',
      version: '2026-12-01',
      sha256: await sha256OfFile(QUALIOPI_DEMO),
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, QUALIOPI_DECLARATIONS_TABLE);
    await runner.rebuild(qualiopiProjection.name);
    expect(await tableChecksum(bed.knex, QUALIOPI_DECLARATIONS_TABLE)).to.equal(before);
  });
});
