import { expect } from 'chai';
import { freshDatabaseWithExtensionsOutsidePath, targetDescription } from '../../support/database.ts';
import type { RunningService } from '../../support/service.ts';
import { search, startRechercheService } from './rechercheService.ts';

describe(`GET /v1/recherche with pg_trgm and unaccent outside the search_path (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startRechercheService(undefined, await freshDatabaseWithExtensionsOutsidePath());
  });
  after(() => t?.stop());

  it('a name with typos is found, every stage answering', async () => {
    const { res, body, text } = await search(t, 'societe bretone de traveaux public');
    expect(res.status, text).to.equal(200);
    expect(body.etages_abandonnes).to.deep.equal([]);
    expect(body.resultats.slice(0, 3).map((r) => r.siren)).to.include('005480082');
  });

  it('an exact name comes first with full confidence', async () => {
    const { res, body, text } = await search(t, 'ETABLISSEMENTS MERCIER');
    expect(res.status, text).to.equal(200);
    expect(body.resultats[0]).to.include({ siren: '005520077', score_confiance: 1 });
  });
});
