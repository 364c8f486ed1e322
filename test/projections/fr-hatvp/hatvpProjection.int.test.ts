import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestFrHatvp } from '../../../ingest/fr-hatvp/ingestFrHatvp.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { HATVP_ORGANISATIONS_TABLE, hatvpProjection } from '../../../projections/fr-hatvp/hatvpProjection.ts';
import { HATVP_EXCERPT } from '../../ingest/fr-hatvp/hatvpFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`HATVP projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([hatvpProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrHatvp({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: HATVP_EXCERPT,
      snapshotDate: '2026-12-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds one row per organisation, keyed by SIREN, dates as ISO days', async () => {
    const rows = await bed.knex(HATVP_ORGANISATIONS_TABLE).orderBy('id');
    expect(rows.map((r) => r.id)).to.deep.equal(['487741969', '824457675']);
    const estia = rows[1]!;
    expect(estia).to.deep.include({
      denomination: 'ECOLE SUPERIEURE DES TECHNOLOGIES INDUSTRIELLES AVANCEES - ESTIA',
      nom_usage: 'ESTIA',
      sigle: null,
      categorie_code: 'AUORG',
      categorie_libelle: 'Autres organisations',
      categorie_groupe: 'AUTRE',
      code_postal: '64210',
      ville: 'BIDART',
      pays: 'FRANCE',
      site_web: 'http://www.estia.fr',
      date_premiere_publication: '2018-04-27',
      date_derniere_publication_activite: '2021-03-29',
      date_cessation: null,
    });
    expect(estia.secteurs_activite).to.deep.equal([
      'Economie',
      'Education, enseignement supérieur, formation',
      'Recherche, innovation',
    ]);
    expect(estia.exercices.map((e: { debut: string }) => e.debut)).to.deep.equal([
      '2021-01-01',
      '2020-01-01',
      '2019-01-01',
      '2018-01-01',
    ]);
    expect(estia.exercices[2]).to.deep.equal({
      exercice_id: 4557,
      debut: '2019-01-01',
      fin: '2019-12-31',
      montant_depense: '< 10 000 euros',
      chiffre_affaires: '> = 1 000 000 euros',
      nombre_salaries: 4,
      nombre_activites_declarees: 0,
      aucune_activite: true,
      defaut_declaration: false,
      date_publication: '2020-09-30',
      activites: [],
    });
  });

  it('records the snapshot it applied: version and the file’s SHA-256', async () => {
    const [state] = await bed.knex('projection_snapshots').where({ projection: hatvpProjection.name });
    expect(state).to.deep.include({
      register: 'fr.hatvp',
      version: '2026-12-01',
      sha256: await sha256OfFile(HATVP_EXCERPT),
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, HATVP_ORGANISATIONS_TABLE);
    await runner.rebuild(hatvpProjection.name);
    expect(await tableChecksum(bed.knex, HATVP_ORGANISATIONS_TABLE)).to.equal(before);
  });
});
