import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { eeAriregisterProjection } from '../../../projections/ee-ariregister/eeAriregisterProjection.ts';
import { lvUrProjection } from '../../../projections/lv-ur/lvUrProjection.ts';
import { noBrregProjection } from '../../../projections/no-brreg/noBrregProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { ingestEurope, startEuropeServiceIngested } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`European read models rebuild to the same bytes (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeServiceIngested(new Date('2026-11-20T10:00:00Z'), '2026-11-18');
    await ingestEurope(t, '2026-11-19', ['EE']);
  });
  after(() => t?.stop());

  for (const projection of [noBrregProjection, eeAriregisterProjection, lvUrProjection]) {
    it(`${projection.name}: truncating and replaying the log gives the same table checksums`, async () => {
      const before = await Promise.all(projection.tables.map((table) => tableChecksum(t.db.knex, table)));
      const { rows } = await t.db.knex.raw(`select count(*)::int as n from ${projection.tables[0]}`);
      expect(rows[0].n).to.be.greaterThan(0);
      await t.service.runner.rebuild(projection.name);
      const after = await Promise.all(projection.tables.map((table) => tableChecksum(t.db.knex, table)));
      expect(after).to.deep.equal(before);
    });
  }
});
