import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { startDemoService } from '../../support/paidDemoService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/**
 * The Estonian samples answer for 12652512, the one real company of the demo, of which only the basic-data
 * row is held (ingest/ee-ariregister/demo/SOURCE.txt): its lists must say "not held", never "none registered".
 */
describe(`Estonian demo samples never invent an absence (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startDemoService({ payment: false, demo: ['ee.ariregister'] });
  });
  after(() => t.stop());

  const sample = async (route: string): Promise<Json> => {
    const res = await fetch(`${t.baseUrl}/v1/echantillons/${route}`);
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).to.equal(200);
    return JSON.parse(text);
  };

  it('the officers sample serves 12652512 with no mandate held, not "none registered"', async () => {
    const body = await sample('eu.ee.dirigeants');
    expect(body).to.include({ id_national: '12652512', nombre_mandats: 0, aucun_mandat_inscrit: false });
  });

  it('the members, beneficial owners and accounts samples claim no absence either', async () => {
    expect(await sample('eu.ee.associes')).to.include({ nombre_associes: 0, aucun_associe_inscrit: false });
    expect(await sample('eu.ee.beneficiaires-effectifs')).to.include({
      nombre_beneficiaires: 0,
      aucun_beneficiaire_inscrit: false,
    });
    expect(await sample('eu.ee.comptes')).to.include({ nombre_rapports: 0, aucun_rapport_depose: false });
  });
});
