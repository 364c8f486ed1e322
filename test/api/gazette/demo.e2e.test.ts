import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { DEMO_SEEDERS } from '../../../app/readSide.ts';
import { seedDemoData } from '../../../app/server/seedDemoData.ts';
import { testLogger } from '../../support/database.ts';
import { SUCRERIES } from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';

/** The gazette registers' seeders, and the companies' (their routes answer for a known company). */
const GAZETTE_SEEDERS = DEMO_SEEDERS.filter((s) =>
  ['fr.sirene', 'fr.bodacc', 'fr.rna', 'fr.joafe'].includes(s.register),
);

describe('Demo data of the gazette registers (npm start)', () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({ payment: false });
    const seeded = await seedDemoData(t.db, t.service.store, testLogger, GAZETTE_SEEDERS);
    expect(seeded).to.include.members(['fr.bodacc', 'fr.rna', 'fr.joafe']);
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('serves notices and alerts of demo companies, and association records and notices', async () => {
    for (const url of [
      `/v1/entreprise/${SUCRERIES}/changements?depuis=2020-01-01`,
      `/v1/entreprise/${SUCRERIES}/alertes`,
      '/v1/association/W643000551',
      '/v1/association/W751234567/annonces',
    ]) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(res.status, url).to.equal(200);
    }
  });

  it('the OpenAPI document with the gazette routes is valid and carries their prices', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the document is walked by path
    const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as Record<string, any>;
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.paths['/v1/entreprise/{siren}/changements'].get['x-prix']).to.equal('$0.01');
    expect(doc.paths['/v1/entreprise/{siren}/alertes'].get['x-prix']).to.equal('$0.01');
    expect(doc.paths['/v1/association/{rna}'].get['x-prix']).to.equal('$0.005');
    expect(doc.paths['/v1/association/{rna}/annonces'].get['x-prix']).to.equal('$0.01');
  });

  it('seeding again finds the registers loaded and does nothing', async () => {
    expect(await seedDemoData(t.db, t.service.store, testLogger, GAZETTE_SEEDERS)).to.deep.equal([]);
  });
});
