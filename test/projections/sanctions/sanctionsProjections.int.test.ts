import { expect } from 'chai';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { EU_FSF_ENTITIES_TABLE, euFsfProjection } from '../../../projections/eu-fsf/euFsfProjection.ts';
import { FR_GELS_ENTITIES_TABLE, frGelsProjection } from '../../../projections/fr-gels/frGelsProjection.ts';
import { targetDescription } from '../../support/database.ts';
import type { TestBed } from '../core/testBed.ts';
import { EU_FSF_EXCERPT, FR_GELS_PUBLICATION, NATURAL_PERSONS, openSanctionsBed } from './sanctionsBed.ts';

describe(`Sanctions lists projections (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    ({ bed, runner } = await openSanctionsBed());
  });
  after(async () => {
    await bed?.close();
  });

  it('holds the EU list’s legal person with its reference, names and name keys', async () => {
    const rows = await bed.knex(EU_FSF_ENTITIES_TABLE).select();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ id: '207', entree: 'EU.3523.13', programmes: ['TERR'] });
    expect(rows[0].noms).to.include.members(['Great Islamic Eastern Warriors Front', 'IBDA-C']);
    expect(rows[0].cles_noms).to.include.members(['GREAT ISLAMIC EASTERN WARRIORS FRONT', 'IBDA C']);
  });

  it('holds the French register’s legal persons with their aliases and identifiers', async () => {
    const rows = await bed.knex(FR_GELS_ENTITIES_TABLE).select().orderBy('id');
    expect(rows.map((r) => r.id)).to.deep.equal(['7463', '7805', '7928', '8536']);
    const arktika = rows.find((r) => r.id === '7928');
    expect(arktika).to.deep.include({
      entree: '7928',
      nom: 'Limited Liability Company "SKF Arktika"',
      references_ue: ['EU.12730.77'],
    });
    expect(arktika.cles_noms).to.include.members(['SKF ARKTIKA', 'SCF ARKTIKA']);
    expect(arktika.cles_identifiants).to.include.members(['num:1117847157086', 'num:7841443821']);
    const jonas = rows.find((r) => r.id === '7463');
    expect(jonas.cles_identifiants).to.include.members(['siren:889271375', 'rna:W751252965']);
  });

  it('records each list’s version and file SHA-256', async () => {
    const states = await bed
      .knex('projection_snapshots')
      .whereIn('projection', [euFsfProjection.name, frGelsProjection.name])
      .orderBy('register');
    expect(states.map((s) => [s.register, s.version, s.sha256])).to.deep.equal([
      ['eu.fsf', '2018-12-21', await sha256OfFile(EU_FSF_EXCERPT)],
      ['fr.gels', '2026-05-31', await sha256OfFile(FR_GELS_PUBLICATION)],
    ]);
  });

  it('never holds a natural person of either file, in any table nor in the log', async () => {
    const { rows: tables } = await bed.knex.raw<{ rows: { table_name: string }[] }>(
      `select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.table_name)).to.include.members([
      'events',
      EU_FSF_ENTITIES_TABLE,
      FR_GELS_ENTITIES_TABLE,
    ]);
    for (const { table_name } of tables) {
      const { rows } = await bed.knex.raw<{ rows: { t: string }[] }>(
        `select coalesce(string_agg(row_to_json(x)::text, ' '), '') as t from ${table_name} x`,
      );
      const text = rows[0]?.t ?? '';
      for (const name of NATURAL_PERSONS) expect(text, `${name} in ${table_name}`).not.to.include(name);
    }
  });

  it('counts the natural persons it dropped in the pass report', async () => {
    const { rows } = await bed.knex.raw<{
      rows: { data: { register: string; report: Record<string, unknown> } }[];
    }>(`select data from events where type = 'SnapshotCompleted' order by position`);
    const reports = Object.fromEntries(rows.map((r) => [r.data.register, r.data.report]));
    expect(reports['eu.fsf']).to.deep.include({ entitesLues: 1, personnesPhysiquesEcartees: 1 });
    expect(reports['fr.gels']).to.deep.include({
      entitesLues: 4,
      personnesPhysiquesEcartees: 2,
      naviresEcartes: 1,
    });
  });

  it('truncating and replaying the log gives the same table checksums', async () => {
    const before = [
      await tableChecksum(bed.knex, EU_FSF_ENTITIES_TABLE),
      await tableChecksum(bed.knex, FR_GELS_ENTITIES_TABLE),
    ];
    await runner.rebuild(euFsfProjection.name);
    await runner.rebuild(frGelsProjection.name);
    expect([
      await tableChecksum(bed.knex, EU_FSF_ENTITIES_TABLE),
      await tableChecksum(bed.knex, FR_GELS_ENTITIES_TABLE),
    ]).to.deep.equal(before);
  });
});
