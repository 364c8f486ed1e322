import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`European routes: freshness from projection state (e2e, ${targetDescription})`, () => {
  describe('Norway published, Estonia and Latvia never collected', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
      await ingestEurope(t, '2026-11-18', ['NO']);
    });
    after(() => t.stop());

    it('a profile of a register whose first pass has not completed is a 503 collecte_en_cours', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512`);
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'collecte_en_cours', registre: 'ee.ariregister' });
    });

    it('the detail routes of that register say the same', async () => {
      const ee = await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512/dirigeants`);
      const lv = await getJson(`${t.baseUrl}/v1/eu/entreprise/LV/40003900001/associes`);
      expect([ee.res.status, ee.body.error]).to.deep.equal([503, 'collecte_en_cours']);
      expect([lv.res.status, lv.body.error]).to.deep.equal([503, 'collecte_en_cours']);
    });

    it('a profile of the published register is still served', async () => {
      const { res } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/998543118`);
      expect(res.status).to.equal(200);
    });

    it('the search answers from Norway and lists the other two as mute (collecte_en_cours)', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=sparebank`);
      expect(res.status).to.equal(200);
      // Every local copy not yet collected is mute, Estonia and Latvia among them; Norway is not.
      expect(body.registres_muets).to.deep.include.members([
        { pays: 'EE', registre: 'ee.ariregister', motif: 'collecte_en_cours' },
        { pays: 'LV', registre: 'lv.ur', motif: 'collecte_en_cours' },
      ]);
      expect(body.registres_muets.every((m: { motif: string }) => m.motif === 'collecte_en_cours')).to.equal(
        true,
      );
      expect(body.registres_muets.map((m: { pays: string }) => m.pays)).to.not.include('NO');
      expect(body.resultats[0]).to.include({ pays: 'NO', id_national: '937886705' });
    });
  });

  describe('every register published 8 days ago', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
      await ingestEurope(t, '2026-11-12');
    });
    after(() => t.stop());

    it('Latvia, older than its 7-day threshold, is a 503 photo_perimee on the profile and every LV route', async () => {
      for (const p of [
        'entreprise/LV/40003900001',
        'entreprise/LV/40003900001/associes',
        'entreprise/LV/40003900001/dirigeants',
        'entreprise/LV/40003900001/beneficiaires-effectifs',
        'entreprise/LV/40003900001/evenements',
        'entreprise/LV/40003900001/insolvabilite',
        'entreprise/LV/40003900001/comptes',
      ]) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/${p}`);
        expect(res.status, p).to.equal(503);
        expect(body).to.include({ error: 'photo_perimee', registre: 'lv.ur', seuil_jours: 7, age_jours: 8 });
      }
    });

    it('Norway and Estonia, which have no threshold in the contract, are served', async () => {
      expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/998543118`)).res.status).to.equal(200);
      expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/EE/12652512`)).res.status).to.equal(200);
    });

    it('the search sets Latvia aside as photo_perimee and answers from the others', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/recherche?q=paraugs`);
      expect(res.status).to.equal(200);
      // Registers this test does not collect are mute too; Norway and Estonia answer.
      expect(body.registres_muets).to.deep.include({ pays: 'LV', registre: 'lv.ur', motif: 'photo_perimee' });
      expect(body.registres_muets.map((m: { pays: string }) => m.pays)).to.not.include.members(['NO', 'EE']);
      expect(body.resultats.every((r: { pays: string }) => r.pays !== 'LV')).to.equal(true);
    });
  });
});
