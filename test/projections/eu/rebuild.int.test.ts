import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { eeProjection } from '../../../projections/eu-ee/eeProjection.ts';
import { lvProjection } from '../../../projections/eu-lv/lvProjection.ts';
import { noProjection } from '../../../projections/eu-no/noProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`European read models rebuild to the same bytes (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18');
    await ingestEurope(t, '2026-11-19', ['EE']);
  });
  after(() => t.stop());

  for (const projection of [noProjection, eeProjection, lvProjection]) {
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
