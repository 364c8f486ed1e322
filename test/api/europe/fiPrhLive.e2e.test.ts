import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { PRH_RECORDINGS } from '../../../ingest/fi-prh/fiPrhLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_LIVE_PROFILES } from '../../../projections/eu-live/euLiveProjection.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

describe(`Finland, PRH queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let prh: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    prh = await startReplayServer(recordedReplay(PRH_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: { liveUrls: { 'fi.prh': prh.url }, livePolicy: { timeoutMs: 1000 } },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await prh?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  it('serves Nokia’s unified profile read live from PRH, every member from the YTJ record', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/0112038-9');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'FI',
      registre: 'PRH',
      id_national: '0112038-9',
      denomination: 'Nokia Oyj',
      statut: 'actif',
      statut_detail: 'tradeRegisterStatus: 1',
      date_creation: '1896-12-19',
    });
    expect(body.forme_juridique).to.deep.equal({ code: '17', libelle: 'Julkinen osakeyhtiö' });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Karakaari 7',
      code_postal: '02610',
      ville: 'ESPOO',
      pays: null,
    });
    expect(body.identifiants).to.deep.equal({ tva: 'FI01120389', lei: null });
    const [entry] = body.provenance;
    const raw = fs.readFileSync(path.join(PRH_RECORDINGS.folder, 'companies_businessId-0112038-9.json'));
    expect(entry).to.include({
      registre: 'fi.prh',
      url: `${prh.url}/companies?businessId=0112038-9`,
      empreinte_sha256: createHash('sha256').update(raw).digest('hex'),
    });
  });

  it('a business ID PRH does not know is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/2331972-7');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  it('a company form in no verified list is 404 forme_juridique_non_servie; the trader’s name is never kept', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/1572860-0');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: '26' });
    expect(JSON.stringify(body)).to.not.contain('Meikäläinen');
    const logged = await allEvents(service.t.service.store);
    const observed = logged.filter((e) => e.type === LIVE_RECORD_OBSERVED);
    expect(observed.length).to.be.greaterThan(0);
    expect(JSON.stringify(observed.map((e) => e.data))).to.not.contain('Meikäläinen');
    await service.t.service.runner.catchUp();
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    expect(rows.map((r: Json) => r.r).join()).to.not.contain('Meikäläinen');
  });

  it('refuses a business ID whose check digit is wrong before asking PRH', async () => {
    const asked = prh.requests.length;
    const { res, body } = await get('/v1/eu/entreprise/FI/0112038-8');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    expect(prh.requests.length).to.equal(asked);
  });

  it('the European search asks PRH by name and lists Nokia', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=Nokia&pays=FI');
    expect(res.status).to.equal(200);
    expect(body.resultats.map((r: Json) => [r.pays, r.id_national, r.denomination])).to.deep.equal([
      ['FI', '0112038-9', 'Nokia Oyj'],
    ]);
    expect(body.pays_couverts).to.deep.equal([{ pays: 'FI', registre: 'fi.prh', mode: 'direct' }]);
  });

  it('PRH down is 503 amont_indisponible, never an absence', async () => {
    fail.set('*', { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const { res, body } = await get('/v1/eu/entreprise/FI/2331972-7');
    // 2331972-7 was observed unknown above: that observation is served again, not the outage.
    expect(res.status).to.equal(404);
    const down = await get('/v1/eu/entreprise/FI/0737546-2');
    expect(down.res.status).to.equal(503);
    expect(down.body).to.include({ error: 'amont_indisponible', raison: 'injoignable' });
    expect(body.error).to.equal('entreprise_inconnue');
  });
});
