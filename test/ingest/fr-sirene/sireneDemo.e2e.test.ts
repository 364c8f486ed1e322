import { expect } from 'chai';
import { ENTREPRISE_ROUTES } from '../../../api/routes/entreprise.ts';
import { DEMO_SEEDERS } from '../../../app/readSide.ts';
import { seedDemoData } from '../../../app/server/seedDemoData.ts';
import { DEMO_UNITES_LEGALES, frSireneDemo } from '../../../ingest/fr-sirene/frSireneDemo.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { readPlainCsv } from '../../support/sireneFiles.ts';

describe(`Sirene demo data (${targetDescription})`, () => {
  let t: RunningService;
  const now = () => new Date('2026-11-23T08:00:00Z');
  before(async () => {
    t = await startTestService({
      projections: [unitesLegalesProjection, etablissementsProjection],
      routes: ENTREPRISE_ROUTES,
      payment: false,
      now,
    });
  });
  after(() => t.stop());

  it('is seeded by serve on an empty register, through the real ingester, and served at once', async () => {
    expect(DEMO_SEEDERS.map((s) => s.register)).to.include('fr.sirene');
    const seeded = await seedDemoData(t.db, t.service.store, testLogger, [frSireneDemo(now)]);
    expect(seeded).to.deep.equal(['fr.sirene']);
    await t.service.runner.caughtUp();
    const res = await fetch(`${t.baseUrl}/v1/entreprise/005420021/etablissements`);
    expect(res.status).to.equal(200);
    const body = (await res.json()) as { nombre_etablissements: number; provenance: { version: string }[] };
    expect(body.nombre_etablissements).to.equal(5);
    expect(body.provenance[0]!.version).to.equal('2026-11-23');
  });

  it('is not seeded again once the register has a pass', async () => {
    expect(await seedDemoData(t.db, t.service.store, testLogger, [frSireneDemo(now)])).to.deep.equal([]);
  });

  it('ships legal persons only: no sole proprietor or group of natural persons is republished', async () => {
    const { rows } = await readPlainCsv(DEMO_UNITES_LEGALES);
    expect(rows.length).to.be.within(10, 60);
    for (const r of rows) {
      expect(r.categorieJuridiqueUniteLegale, r.siren).to.match(/^[^12]/);
      expect(r.nomUniteLegale, r.siren).to.equal('');
      expect(r.prenom1UniteLegale, r.siren).to.equal('');
    }
  });
});
