import { expect } from 'chai';
import { KRS_RECORDINGS } from '../../../ingest/pl-krs/plKrsLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { targetDescription } from '../../support/database.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

describe(`Poland, KRS queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let krs: ReplayServer;
  let key: string;

  before(async () => {
    krs = await startReplayServer(recordedReplay(KRS_RECORDINGS, new Map()));
    service = await startPaidDemoService({
      compose: { liveUrls: { 'pl.krs': krs.url }, livePolicy: { timeoutMs: 1000 } },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await krs?.close();
  });

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  it('serves the unified profile from the current KRS extract', async () => {
    const { res, body } = await get('/v1/eu/entreprise/PL/0000405063');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'PL',
      registre: 'KRS',
      id_national: '0000405063',
      denomination: 'EASYSOLAR SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
      statut: 'actif',
      statut_detail: 'dzial6: vide',
      date_creation: '2011-12-13',
    });
    expect(body.forme_juridique).to.deep.equal({
      code: null,
      libelle: 'SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'UL. KRÓLOWEJ JADWIGI 43',
      code_postal: '61-871',
      ville: 'POZNAŃ',
      pays: 'POLSKA',
    });
    expect(body.identifiants).to.deep.equal({ tva: 'PL9721237323', lei: null });
    expect(body.provenance[0]).to.include({
      registre: 'pl.krs',
      url: `${krs.url}/OdpisAktualny/0000405063?rejestr=P&format=json`,
    });
  });

  it('a number in neither register (P, then S) is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/PL/0000000001');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
    const asked = krs.requests.filter((r) => r.url.includes('/0000000001')).map((r) => r.url);
    expect(asked).to.deep.equal([
      '/OdpisAktualny/0000000001?rejestr=P&format=json',
      '/OdpisAktualny/0000000001?rejestr=S&format=json',
    ]);
  });

  it('refuses a number that is not 10 digits', async () => {
    const { res, body } = await get('/v1/eu/entreprise/PL/405063');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
  });

  it('the search asks KRS by number only: a name leaves it out, neither covered nor mute', async () => {
    const byNumber = await get('/v1/eu/recherche?q=0000413516');
    expect(byNumber.body.resultats.map((r: Json) => [r.pays, r.id_national, r.denomination])).to.deep.include(
      ['PL', '0000413516', 'SWLEX SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ'],
    );
    const before = krs.requests.length;
    const byName = await get('/v1/eu/recherche?q=swlex');
    expect(byName.res.status).to.equal(200);
    expect(krs.requests.length).to.equal(before);
    expect(byName.body.pays_couverts.map((c: Json) => c.pays)).to.not.include('PL');
    expect(byName.body.registres_muets.map((m: Json) => m.pays)).to.not.include('PL');
  });
});
