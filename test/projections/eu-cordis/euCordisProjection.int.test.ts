import { expect } from 'chai';
import { projectOf, readFinancementsUe, readFundingOfVat } from '../../../api/routes/financementsUe.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestEuCordis } from '../../../ingest/eu-cordis/ingestEuCordis.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  CORDIS_FILES_TABLE,
  CORDIS_PARTICIPATIONS_TABLE,
  CORDIS_PROJECTS_TABLE,
  euCordisProjection,
} from '../../../projections/eu-cordis/euCordisProjection.ts';
import { CORDIS_FILES } from '../../ingest/eu-cordis/cordisFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

const TABLES = [CORDIS_PROJECTS_TABLE, CORDIS_PARTICIPATIONS_TABLE, CORDIS_FILES_TABLE];

describe(`CORDIS projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([euCordisProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestEuCordis({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      files: CORDIS_FILES,
      snapshotDate: '2026-11-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds each participation by its VAT number, amounts in exact cents, flags as published', async () => {
    const { rows } = await bed.knex.raw(
      `select id, projet_id, tva, siren, role_source, contribution_ue_centimes::text as ue,
              contribution_ue_nette_centimes::text as nette, cout_total_centimes::text as cout,
              fin_anticipee, pme, type_activite, nom_publie
         from ${CORDIS_PARTICIPATIONS_TABLE} order by id`,
    );
    expect(rows.map((r: { tva: string }) => r.tva)).to.deep.equal([
      'EL090162593',
      'GB744495211',
      'CHE105833232MWST',
      'EL090145420',
      'XK330079956',
      'ESB66340514',
    ]);
    const uoa = rows.find((r: { tva: string }) => r.tva === 'EL090145420');
    expect(uoa).to.deep.include({
      projet_id: '633053',
      siren: null,
      role_source: 'thirdParty',
      ue: '0',
      nette: '52834097',
      cout: '96061995',
      fin_anticipee: false,
      pme: false,
      type_activite: 'HES',
      nom_publie: 'ETHNIKO KAI KAPODISTRIAKO PANEPISTIMIO ATHINON',
    });
  });

  it('holds each grant, a missing title null, and the files of the pass', async () => {
    const { rows } = await bed.knex.raw(
      `select id, programme, statut_source, debut, fin, titre, cout_total_centimes::text as cout,
              contribution_ue_max_centimes::text as max, regime_financement, appel
         from ${CORDIS_PROJECTS_TABLE} where id = '101092153'`,
    );
    expect(rows[0]).to.deep.equal({
      id: '101092153',
      programme: 'HORIZON',
      statut_source: 'SIGNED',
      debut: '2023-01-01',
      fin: '2026-12-31',
      titre: null,
      cout: '3186299600',
      max: '2326744200',
      regime_financement: 'IA',
      appel: 'HORIZON-CL4-2022-TWIN-TRANSITION-01',
    });
    const files = await bed.knex.raw(`select role, lignes from ${CORDIS_FILES_TABLE} order by role`);
    expect(files.rows).to.deep.equal([
      { role: 'h2020-organization', lignes: 5 },
      { role: 'h2020-project', lignes: 1 },
      { role: 'horizon-organization', lignes: 1 },
      { role: 'horizon-project', lignes: 5 },
    ]);
  });

  it('answers a company with no participation: aucun_financement, zero counts, the coverage', async () => {
    const body = await readFinancementsUe(bed.knex, '005420120', '2026-11-01');
    expect(body).to.deep.include({
      siren: '005420120',
      nombre_projets: 0,
      nombre_participations: 0,
      contribution_ue_totale_eur: 0,
      en_cours: 0,
      tronque: false,
      projets: [],
      aucun_financement: true,
    });
    expect(body.couverture).to.deep.include({ programmes: ['H2020', 'HORIZON'], publication: '2026-11-01' });
  });

  it('reads a participant’s funding by its published VAT number: counts, exact total, the participation', async () => {
    const comet = await readFundingOfVat(bed.knex, 'ESB66340514');
    expect(comet).to.deep.include({ participations: 1, projets: 1, enCours: 0, totalCents: '28481250' });
    // GeoFit's own project row is not among the fixture's: its grant members stay null, never guessed.
    expect(projectOf(comet.lines[0]!)).to.deep.include({ id: '792210', programme: null, statut: null });
    expect(projectOf(comet.lines[0]!).participation).to.deep.equal({
      role: 'participant',
      role_source: 'participant',
      contribution_ue_eur: 284812.5,
      contribution_ue_nette_eur: 284812.5,
      cout_total_eur: 406875,
      fin_anticipee: false,
      pme: true,
      type_activite: 'PRC',
      nom_publie: 'COMET GLOBAL INNOVATION, SL',
    });
    const uoa = await readFundingOfVat(bed.knex, 'EL090145420');
    expect(uoa.totalCents).to.equal('0');
    expect(projectOf(uoa.lines[0]!).participation).to.deep.include({
      role: 'third party',
      contribution_ue_eur: 0,
      contribution_ue_nette_eur: 528340.97,
      cout_total_eur: 960619.95,
    });
    expect(await readFundingOfVat(bed.knex, 'FR40303265045')).to.deep.include({
      participations: 0,
      lines: [],
    });
  });

  it('truncating and replaying the log gives the same table checksums', async () => {
    const before = await Promise.all(TABLES.map((t) => tableChecksum(bed.knex, t)));
    await runner.rebuild(euCordisProjection.name);
    expect(await Promise.all(TABLES.map((t) => tableChecksum(bed.knex, t)))).to.deep.equal(before);
  });
});
