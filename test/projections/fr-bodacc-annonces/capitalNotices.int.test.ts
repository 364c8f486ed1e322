import { expect } from 'chai';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { liveCapitalNotices } from '../../../projections/fr-bodacc-annonces/capitalNotices.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { BODACC_CAPITAL, BODACC_EXPORT_1, SUCRERIES } from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

describe(`BODACC capital notices read model (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({
      projections: [bodaccAnnoncesProjection],
      routes: [],
      registers: REGISTERS,
      payment: false,
    });
    const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
    for (const file of [BODACC_EXPORT_1, BODACC_CAPITAL]) {
      await ingestBodaccExport({ ...deps, file, date: '2026-11-20' });
    }
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('keeps the capital a notice publishes, under the company it names', async () => {
    expect(await liveCapitalNotices(t.db.knex, { siren: '810379180', limit: 10 })).to.deep.equal({
      total: 1,
      notices: [
        {
          id: 'B202302491051',
          date_parution: '2023-12-26',
          famille: 'modification',
          type_avis: 'annonce',
          montant: '5000',
          devise: 'EUR',
          variable: false,
          modification_capital: false,
        },
      ],
    });
  });

  it('a modification of the administration is not a capital notice', async () => {
    expect(await liveCapitalNotices(t.db.knex, { siren: SUCRERIES, limit: 10 })).to.deep.equal({
      total: 0,
      notices: [],
    });
  });

  it('a rebuild gives the capital table the same rows', async () => {
    const before = await t.db.knex.raw('select * from fr_bodacc_capital order by annonce_id');
    await t.service.runner.rebuild(bodaccAnnoncesProjection.name);
    const after = await t.db.knex.raw('select * from fr_bodacc_capital order by annonce_id');
    expect(after.rows).to.deep.equal(before.rows);
    expect(after.rows.length).to.equal(1);
  });
});
