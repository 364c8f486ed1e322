import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import Papa from 'papaparse';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { BE_KBO_REGISTER } from '../../../schemas/events/beKboEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson } from '../../support/europeService.ts';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

/** The legal persons (TypeOfEnterprise 2) of the demo's enterprise file, as a client writes their numbers. */
const legalPersons = Papa.parse<Record<string, string>>(readFileSync(BE_KBO_DEMO_FILES.enterprise, 'utf8'), {
  header: true,
  skipEmptyLines: true,
})
  .data.filter((e) => e.TypeOfEnterprise === '2')
  .map((e) => e.EnterpriseNumber!.replaceAll('.', ''));

describe(`Belgium demo data: every company served shows its name (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startDemoService({ payment: false, demo: [BE_KBO_REGISTER] });
  });
  after(() => t.stop());

  it('each legal person of the demo answers its profile with a name', async () => {
    expect(legalPersons).to.have.length.above(0);
    for (const id of legalPersons) {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${id}`);
      expect(res.status, id).to.equal(200);
      expect(body.denomination, id).to.be.a('string').that.is.not.empty;
    }
  });
});
