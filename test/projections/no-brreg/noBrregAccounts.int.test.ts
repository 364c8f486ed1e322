import { expect } from 'chai';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { NO_ACCOUNTS, noBrregAccountsProjection } from '../../../projections/no-brreg/noBrregAccounts.ts';
import { targetDescription } from '../../support/database.ts';
import { ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Norwegian accounts read model rebuilds to the same bytes (${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    // The demo seeds the register copy and a recording of the accounts API (two passes of the latter below).
    await ingestEurope(t, '2026-11-18', ['NO']);
    await ingestEurope(t, '2026-11-19', ['NO']);
  });
  after(() => t.stop());

  it('truncating and replaying the log gives the same table checksum', async () => {
    const { rows } = await t.db.knex.raw(`select count(*)::int as n from ${NO_ACCOUNTS}`);
    expect(rows[0].n).to.equal(4);
    const before = await tableChecksum(t.db.knex, NO_ACCOUNTS);
    await t.service.runner.rebuild(noBrregAccountsProjection.name);
    expect(await tableChecksum(t.db.knex, NO_ACCOUNTS)).to.equal(before);
  });

  it('the demo answers the route for a company of the sample', async () => {
    const res = await fetch(`${t.baseUrl}/v1/eu/entreprise/NO/998543118/comptes`);
    const body = (await res.json()) as {
      exercices: { bilan: { total_actif: number } }[];
      photo: string;
    };
    expect(res.status).to.equal(200);
    expect(body.exercices[0]?.bilan.total_actif).to.equal(1250000);
    expect(body.photo).to.equal('2026-11-19');
  });
});
