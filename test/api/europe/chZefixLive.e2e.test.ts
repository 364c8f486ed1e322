import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { EU_LIVE_REGISTERS } from '../../../app/readSide.ts';
import { ZEFIX_RECORDINGS } from '../../../ingest/ch-zefix/chZefixLive.ts';
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

const recorded = (file: string) => fs.readFileSync(path.join(ZEFIX_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** Only the Swiss live registers: no test may reach another country's real address. */
const SWISS = EU_LIVE_REGISTERS.filter((s) => s.info.pays === 'CH');
const CREDENTIALS = 'registres-test:zefix-s3cret';

describe(`Switzerland, Zefix PublicREST queried live with credentials (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let zefix: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    zefix = await startReplayServer(recordedReplay(ZEFIX_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: {
        liveUrls: { 'ch.zefix': zefix.url },
        liveRegisters: SWISS,
        liveCredentials: { 'ch.zefix': CREDENTIALS },
        // The breaker is the shared client's (tested with ARES): here it must not open between cases.
        livePolicy: { timeoutMs: 1000, breaker: { failures: 100, halfOpenAfterMs: 200 } },
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 5_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await zefix?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };
  const asked = (compact: string) => zefix.requests.filter((r) => r.url.endsWith(`/${compact}`));
  const observedData = async () =>
    JSON.stringify(
      (await allEvents(service.t.service.store))
        .filter((e) => e.type === LIVE_RECORD_OBSERVED)
        .map((e) => e.data),
    );

  it('serves the unified profile read live, every member from the Zefix record', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-238.945.329');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'CH',
      registre: 'Zefix',
      id_national: 'CHE-238.945.329',
      denomination: 'Anlagestiftung der Migros-Pensionskasse',
      statut: 'actif',
      statut_detail: 'status: ACTIVE',
      date_creation: null,
      lien_registre: 'https://zh.chregister.ch/cr-portal/auszug/auszug.xhtml?uid=CHE-238.945.329',
    });
    expect(body.forme_juridique).to.deep.equal({ code: '0110', libelle: 'Fondation' });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Wiesenstrasse 15',
      code_postal: '8952',
      ville: 'Schlieren',
      pays: null,
    });
    expect(body.identifiants).to.deep.equal({ tva: null, lei: null });
  });

  it('names the observation in its provenance: the URL without credentials, the body’s digest, the time', async () => {
    const { body } = await get('/v1/eu/entreprise/CH/CHE-238.945.329');
    const [entry] = body.provenance;
    expect(entry).to.include({
      registre: 'ch.zefix',
      url: `${zefix.url}/company/uid/CHE238945329`,
      empreinte_sha256: sha256(recorded('company_uid_CHE238945329_constructed.json')),
    });
    expect(entry.url).not.to.contain('@');
    expect(entry.consulte_le).to.equal(entry.version);
    expect(Date.now() - Date.parse(entry.consulte_le)).to.be.within(0, 60_000);
    expect(body.citation).to.contain('Zefix');
  });

  it('sends the credentials as HTTP Basic, and never records them', async () => {
    await get('/v1/eu/entreprise/CH/CHE-238.945.329');
    const [request] = asked('CHE238945329');
    expect(request!.headers.authorization).to.equal(`Basic ${Buffer.from(CREDENTIALS).toString('base64')}`);
    const logged = await observedData();
    expect(logged).to.contain('CHE238945329');
    expect(logged).not.to.contain('zefix-s3cret');
    expect(logged).not.to.contain(Buffer.from(CREDENTIALS).toString('base64'));
  });

  it('takes the UID with or without its dots and hyphens, and answers it dotted', async () => {
    for (const spelling of ['CHE238945329', 'CHE-238945329', 'CHE238.945.329']) {
      const { res, body } = await get(`/v1/eu/entreprise/CH/${spelling}`);
      expect(res.status, spelling).to.equal(200);
      expect(body.id_national).to.equal('CHE-238.945.329');
    }
  });

  it('a UID Zefix does not know (404 NOT_FOUND) is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-100.000.006');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('a sole proprietorship is 404 entreprise_individuelle_non_servie: its name is never served nor kept', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-391.572.071');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_individuelle_non_servie');
    expect(JSON.stringify(body)).not.to.contain('Orani');
    expect(await observedData()).not.to.contain('Orani');
    await service.t.service.runner.catchUp();
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    expect(rows.map((r: Json) => r.r).join()).not.to.contain('Orani');
  });

  it('a branch (0151, its head office may be a sole proprietorship) is 404 forme_juridique_non_servie', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CH/CHE-491.907.686');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: '0151' });
  });

  it('refuses a malformed UID or a wrong check digit before asking Zefix', async () => {
    const before = zefix.requests.length;
    for (const bad of ['CHE-238.945.328', 'CHE-000.000.031', 'CHE-238.945', '238945329', 'CHE-238_945_329']) {
      const { res, body } = await get(`/v1/eu/entreprise/CH/${bad}`);
      expect(res.status, bad).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    }
    expect(zefix.requests.length).to.equal(before);
  });

  it('the European search asks Zefix by name, with credentials, and never lists nor logs the sole proprietorship', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=migros&pays=CH');
    expect(res.status).to.equal(200);
    const names = body.resultats.map((r: Json) => r.denomination);
    expect(body.resultats).to.have.length(10);
    expect(body.resultats.every((r: Json) => r.pays === 'CH' && r.registre === 'ch.zefix')).to.equal(true);
    expect(names).not.to.include('Migros Partner Orani');
    expect(body.pays_couverts).to.deep.equal([{ pays: 'CH', registre: 'ch.zefix', mode: 'direct' }]);
    const search = zefix.requests.find((r) => r.method === 'POST' && r.url.endsWith('/company/search'))!;
    expect(JSON.parse(search.body)).to.deep.equal({ name: 'migros', activeOnly: false });
    expect(search.headers.authorization).to.match(/^Basic /);
    expect(await observedData()).not.to.contain('Orani');
  });

  it('a company in liquidation is found as en_cessation; a search by UID asks the profile', async () => {
    const { body } = await get('/v1/eu/recherche?q=Migros%20Fachmarkt%20AG%20in%20Liquidation&pays=CH');
    expect(body.resultats[0]).to.include({
      id_national: 'CHE-346.725.138',
      denomination: 'Migros Fachmarkt AG in Liquidation',
      statut: 'en_cessation',
    });
    const byUid = await get('/v1/eu/recherche?q=CHE-238.945.329&pays=CH');
    expect(byUid.body.resultats.map((r: Json) => [r.id_national, r.correspondance])).to.deep.equal([
      ['CHE-238.945.329', 'identifiant_national'],
    ]);
  });

  for (const [what, failure, raison] of [
    ['a 500', { status: 500, body: '{"error":{"type":"INTERNAL_SERVER_ERROR"}}' }, 'injoignable'],
    [
      'a 503 HTML page',
      { status: 503, body: '<html>Wartung</html>', contentType: 'text/html' },
      'injoignable',
    ],
    [
      'an HTML page with 200',
      { status: 200, body: '<html>Zefix</html>', contentType: 'text/html' },
      'illisible',
    ],
    ['truncated JSON', { status: 200, body: '[{"name":"Migros Bank AG","uid":"CHE1058' }, 'illisible'],
    ['a 404 that is not Zefix’s', { status: 404, body: '<html>Not found</html>' }, 'illisible'],
    ['no answer in time', { status: 200, body: '[]', delayMs: 3000 }, 'delai_depasse'],
  ] as const) {
    it(`Zefix answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // Migros Bank AG: seen by no earlier test, so nothing is served from the read table.
      fail.set('CHE105841533', failure);
      const { res, body } = await get('/v1/eu/entreprise/CH/CHE-105.841.533');
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', motif_panne: 'amont_indisponible', raison });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
    });
  }
});
