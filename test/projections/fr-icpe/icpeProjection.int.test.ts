import { expect } from 'chai';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestFrIcpe } from '../../../ingest/fr-icpe/ingestFrIcpe.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { ICPE_INSTALLATIONS_TABLE, icpeProjection } from '../../../projections/fr-icpe/icpeProjection.ts';
import { ICPE_GIRONDE_EXCERPT } from '../../ingest/fr-icpe/icpeFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`ICPE projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([icpeProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrIcpe({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      paths: [ICPE_GIRONDE_EXCERPT],
      snapshotDate: '2026-12-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('holds one row per installation, found by SIREN, with its rubriques and distinct inspection dates', async () => {
    const rows = await bed.knex(ICPE_INSTALLATIONS_TABLE).where({ siren: '410964837' }).orderBy('id');
    expect(rows.map((r) => r.id)).to.deep.equal(['0005201349', '0005209273', '0100288556', '0100301816']);
    expect(rows[1]).to.deep.equal({
      id: '0005209273',
      siret: '41096483700075',
      siren: '410964837',
      code_postal: '33810',
      code_insee: '33004',
      commune: 'Ambès',
      code_naf: '06',
      regime: 'Autorisation',
      statut_seveso: 'Seveso seuil haut',
      etat_activite: 'En exploitation avec titre',
      priorite_nationale: true,
      ied: false,
      service_aiot: 'DREAL NA',
      activites: ['industrie'],
      rubriques: [
        {
          numero: '1434',
          nature: 'Liquides inflammables (remplissage ou distribution) autres que 1435',
          alinea: '2',
          regime: 'Autorisation',
          quantite: null,
          unite: null,
          date_motif: '2019-05-07',
        },
        {
          numero: '4511',
          nature: "Dangereux pour l'environnement aquatique de catégorie chronique 2",
          alinea: '1',
          regime: 'Autorisation',
          quantite: '64000.000',
          unite: 't',
          date_motif: '2019-05-07',
        },
      ],
      inspections: [
        '2025-04-03',
        '2024-12-12',
        '2024-08-09',
        '2023-04-28',
        '2022-10-13',
        '2022-07-06',
        '2022-03-24',
      ],
      url: 'https://www.georisques.gouv.fr/risques/installations/donnees/details/0005209273',
    });
  });

  it('keeps an installation the export publishes empty: no rubrique, no Seveso status, no state', async () => {
    const [row] = await bed.knex(ICPE_INSTALLATIONS_TABLE).where({ id: '0100301816' });
    expect(row).to.deep.include({
      siret: '41096483700026',
      regime: 'Non ICPE',
      statut_seveso: null,
      etat_activite: null,
      activites: [],
      rubriques: [],
      inspections: ['2025-08-06'],
    });
    const counted = await bed.knex(ICPE_INSTALLATIONS_TABLE).count('* as n');
    expect(Number(counted[0]?.n)).to.equal(6);
  });

  it('records the snapshot it applied: version and the manifest of the file’s SHA-256', async () => {
    const [state] = await bed.knex('projection_snapshots').where({ projection: icpeProjection.name });
    expect(state).to.deep.include({
      register: 'fr.icpe',
      version: '2026-12-01',
      sha256: manifestSha256([
        { nom: 'icpe_gironde_excerpt.zip', sha256: await sha256OfFile(ICPE_GIRONDE_EXCERPT) },
      ]),
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, ICPE_INSTALLATIONS_TABLE);
    await runner.rebuild(icpeProjection.name);
    expect(await tableChecksum(bed.knex, ICPE_INSTALLATIONS_TABLE)).to.equal(before);
  });
});
