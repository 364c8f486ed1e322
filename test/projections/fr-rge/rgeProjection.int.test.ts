import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestFrRge } from '../../../ingest/fr-rge/ingestFrRge.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { RGE_QUALIFICATIONS_TABLE, rgeProjection } from '../../../projections/fr-rge/rgeProjection.ts';
import { RGE_528163777, RGE_HISTORIQUE_811766179 } from '../../ingest/fr-rge/rgeFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`RGE projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;
  let dir: string;
  let file: string;

  before(async () => {
    // Both real answers, one after the other (as pages of one download are written).
    dir = await mkdtemp(path.join(tmpdir(), 'rge-'));
    file = path.join(dir, 'rge.json');
    await writeFile(
      file,
      (await readFile(RGE_528163777, 'utf8')) + (await readFile(RGE_HISTORIQUE_811766179, 'utf8')),
    );
    bed = await openTestBed([rgeProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrRge({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file,
      snapshotDate: '2026-12-01',
    });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(async () => {
    await bed.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('holds one row per establishment and qualification, found by SIREN', async () => {
    const rows = await bed.knex(RGE_QUALIFICATIONS_TABLE).where({ siren: '528163777' }).orderBy('id');
    expect(rows).to.have.length(3);
    expect(rows.find((r) => r.code_qualification === 'C001D117')).to.deep.equal({
      id: '52816377700030-C001D117',
      siret: '52816377700030',
      siren: '528163777',
      code_qualification: 'C001D117',
      nom_qualification: 'Offre Globale de Rénovation Energétique (C001D117)',
      nom_certificat: 'CERTIBAT-RGE',
      organisme: 'certibat',
      domaine: 'Projet complet de rénovation',
      meta_domaine: 'Rénovation globale',
      debut: null,
      fin: null,
      url_qualification:
        'https://www.qualibat.com/Views/GetFichier.aspx?fn=2022\\SIEG-Certificat-CB-159386-GROUPE SOLUTION - RE22249-1-20220518.pdf',
      particulier: true,
    });
  });

  it('keeps the qualification dates of the current layout', async () => {
    const [row] = await bed.knex(RGE_QUALIFICATIONS_TABLE).where({ siren: '811766179' });
    expect(row).to.deep.include({
      id: '81176617900014-3511D109',
      debut: '2025-06-26',
      fin: '2029-12-10',
      organisme: 'qualibat',
      domaine: "Fenêtres, volets, portes donnant sur l'extérieur",
      meta_domaine: "Travaux d'efficacité énergétique",
    });
    const counted = await bed.knex(RGE_QUALIFICATIONS_TABLE).count('* as n');
    expect(Number(counted[0]?.n)).to.equal(4);
  });

  it('records the snapshot it applied: version and the file’s SHA-256', async () => {
    const [state] = await bed.knex('projection_snapshots').where({ projection: rgeProjection.name });
    expect(state).to.deep.include({
      register: 'fr.rge',
      version: '2026-12-01',
      sha256: await sha256OfFile(file),
    });
  });

  it('truncating and replaying the log gives the same table checksum', async () => {
    const before = await tableChecksum(bed.knex, RGE_QUALIFICATIONS_TABLE);
    await runner.rebuild(rgeProjection.name);
    expect(await tableChecksum(bed.knex, RGE_QUALIFICATIONS_TABLE)).to.equal(before);
  });
});
