import { expect } from 'chai';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { ingestJoafeExport } from '../../../ingest/fr-joafe/ingestFrJoafe.ts';
import { ingestRnaStock } from '../../../ingest/fr-rna/ingestFrRna.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { associationsProjection } from '../../../projections/fr-associations/associationsProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  JOAFE_EXPORT,
  JOAFE_SAMPLE,
  RNA_IMPORT_2018,
  RNA_WALDEC_LATIN1,
  RNA_WALDEC_UTF8,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

describe(`Gazette read models rebuild to the same bytes (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({
      projections: [bodaccAnnoncesProjection, associationsProjection],
      routes: [],
      registers: REGISTERS,
      payment: false,
    });
    const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
    for (const file of [BODACC_SAMPLE, BODACC_EXPORT_1, BODACC_EXPORT_2]) {
      await ingestBodaccExport({ ...deps, file, date: '2026-11-20' });
    }
    await ingestRnaStock({
      ...deps,
      files: [RNA_WALDEC_LATIN1, RNA_WALDEC_UTF8, RNA_IMPORT_2018],
      date: '2026-11-01',
    });
    // A second RNA stock without the import file: its associations are dropped.
    await ingestRnaStock({ ...deps, files: [RNA_WALDEC_LATIN1, RNA_WALDEC_UTF8], date: '2026-11-02' });
    for (const file of [JOAFE_SAMPLE, JOAFE_EXPORT])
      await ingestJoafeExport({ ...deps, file, date: '2026-11-18' });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  for (const projection of [bodaccAnnoncesProjection, associationsProjection]) {
    it(`${projection.name}: truncate and replay gives every table the same checksum`, async () => {
      const before = await Promise.all(projection.tables.map((table) => tableChecksum(t.db.knex, table)));
      const { rows } = await t.db.knex.raw(`select count(*)::int as n from ${projection.tables[0]}`);
      expect(rows[0].n).to.be.greaterThan(0);
      await t.service.runner.rebuild(projection.name);
      const after = await Promise.all(projection.tables.map((table) => tableChecksum(t.db.knex, table)));
      expect(after).to.deep.equal(before);
    });
  }

  it('the dropped import associations are gone from the read model', async () => {
    const { rows } = await t.db.knex.raw(
      "select count(*)::int as n from fr_rna_associations where source = 'import'",
    );
    expect(rows[0].n).to.equal(0);
  });
});
