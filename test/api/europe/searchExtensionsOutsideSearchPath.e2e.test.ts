import { expect } from 'chai';
import { EU_LOCAL_COPIES } from '../../../app/readSide.ts';
import { freshDatabaseWithExtensionsOutsidePath, targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`European search with pg_trgm and unaccent outside the search_path (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(
      new Date('2026-11-20T10:00:00Z'),
      await freshDatabaseWithExtensionsOutsidePath(),
    );
    await ingestEurope(t, '2026-11-18');
  });
  after(() => t?.stop());

  const search = (query: string) => getJson(`${t.baseUrl}/v1/eu/recherche?${query}`);

  it('every local copy answers a name search, none is mute', async () => {
    const { res, body, text } = await search('q=paraugs');
    expect(res.status, text).to.equal(200);
    expect(body.registres_muets).to.deep.equal([]);
    expect(body.pays_couverts.map((p: { pays: string }) => p.pays)).to.deep.equal(
      EU_LOCAL_COPIES.map((c) => c.pays),
    );
    expect(body.resultats.length).to.be.greaterThan(0);
  });

  it('an approximate name and an exact one are found with their match origin', async () => {
    const approximate = await search('q=Byggvisualisering');
    expect(approximate.body.resultats[0]).to.include({
      id_national: '998543118',
      correspondance: 'denomination_approchee',
    });
    const exact = await search(`q=${encodeURIComponent('001 Kinnisvara OÜ')}`);
    expect(exact.body.resultats[0]).to.include({
      id_national: '12652512',
      correspondance: 'denomination_exacte',
      score_confiance: 1,
    });
  });
});
