import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { EU_LIVE_REGISTERS } from '../../../app/readSide.ts';
import { COMPANIES_HOUSE_RECORDINGS } from '../../../ingest/gb-companies-house/gbCompaniesHouseLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_LIVE_PROFILES } from '../../../projections/eu-live/euLiveProjection.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../../schemas/events/gbCompaniesHouseEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const recorded = (file: string) => fs.readFileSync(path.join(COMPANIES_HOUSE_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A REST API key alone: sent as the Basic user name with an empty password. */
const API_KEY = 'ch-test-key-0123456789';
/** Only Companies House is queried live here: no other register's real address is ever asked. */
const ONLY_COMPANIES_HOUSE = EU_LIVE_REGISTERS.filter((l) => l.info.register === GB_COMPANIES_HOUSE_REGISTER);
/** The stand-in natural person of the constructed recordings (a partner's name, a c/o name). */
const PERSON = 'TESTWOOD';

describe(`United Kingdom, Companies House queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let ch: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();
  /** Every answer body served in this suite, for the privacy check at the end. */
  const served: string[] = [];

  before(async () => {
    ch = await startReplayServer(recordedReplay(COMPANIES_HOUSE_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: {
        liveRegisters: ONLY_COMPANIES_HOUSE,
        liveUrls: { [GB_COMPANIES_HOUSE_REGISTER]: ch.url },
        liveCredentials: { [GB_COMPANIES_HOUSE_REGISTER]: API_KEY },
        livePolicy: { timeoutMs: 1000, breaker: { failures: 10, halfOpenAfterMs: 200 } },
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 5_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await ch?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json };
  };
  const asked = (number: string) => ch.requests.filter((r) => r.url === `/company/${number}`);

  it('serves Tesco’s unified profile read live, every member from the company profile', async () => {
    const { res, body } = await get('/v1/eu/entreprise/GB/00445790');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'GB',
      registre: 'Companies House',
      id_national: '00445790',
      denomination: 'TESCO PLC',
      statut: 'actif',
      statut_detail: 'company_status: active',
      date_creation: '1947-11-27',
      lien_registre: 'https://find-and-update.company-information.service.gov.uk/company/00445790',
    });
    expect(body.forme_juridique).to.deep.equal({ code: 'plc', libelle: 'Public limited company' });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Tesco House, Shire Park, Kestrel Way',
      code_postal: 'AL7 1GA',
      ville: 'Welwyn Garden City',
      pays: 'United Kingdom',
    });
    expect(body.identifiants).to.deep.equal({ tva: null, lei: null });
    const [entry] = body.provenance;
    expect(entry).to.include({
      registre: 'gb.companies-house',
      url: `${ch.url}/company/00445790`,
      empreinte_sha256: sha256(recorded('ch_00445790.json')),
    });
    expect(entry.url).to.not.contain(API_KEY);
    expect(entry.consulte_le).to.equal(entry.version);
    expect(Date.now() - Date.parse(entry.consulte_le)).to.be.within(0, 60_000);
  });

  it('sends the API key as the HTTP Basic user name, with an empty password', async () => {
    const [request] = asked('00445790');
    expect(request, 'Companies House was asked for 00445790').to.not.equal(undefined);
    expect(request!.method).to.equal('GET');
    expect(request!.headers.authorization).to.equal(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
  });

  it('appends the answer to the log as LiveRecordObserved before serving it, the key never in it', async () => {
    const events = await allEvents(service.t.service.store);
    const observed = events.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && (e.data as Json).register === GB_COMPANIES_HOUSE_REGISTER,
    );
    const data = observed.find((e) => (e.data as Json).url.endsWith('/company/00445790'))?.data as Json;
    expect(data).to.include({
      register: 'gb.companies-house',
      url: `${ch.url}/company/00445790`,
      status: 200,
    });
    expect(data.bodySha256).to.equal(sha256(recorded('ch_00445790.json')));
    expect(data.record.profil.denomination).to.equal('TESCO PLC');
    expect(JSON.stringify(observed.map((e) => e.data))).to.not.contain(API_KEY);
  });

  it('a company in liquidation is en_cessation, a dissolved one radie, the published status verbatim', async () => {
    const liquidation = await get('/v1/eu/entreprise/GB/04374209');
    expect(liquidation.res.status).to.equal(200);
    expect(liquidation.body).to.include({
      denomination: 'COMMUNITY ACCOUNTANCY SELF HELP',
      statut: 'en_cessation',
      statut_detail: 'company_status: liquidation',
    });
    expect(liquidation.body.forme_juridique.code).to.equal('private-limited-guarant-nsc-limited-exemption');
    const dissolved = await get('/v1/eu/entreprise/GB/00000006');
    expect(dissolved.res.status).to.equal(200);
    expect(dissolved.body).to.include({
      statut: 'radie',
      statut_detail: 'company_status: dissolved',
      date_creation: '1862-10-25',
    });
    expect(dissolved.body.forme_juridique).to.deep.equal({
      code: 'private-unlimited-nsc',
      libelle: 'Private unlimited company without share capital',
    });
  });

  it('a Scottish company number (SC prefix) is served', async () => {
    const { res, body } = await get('/v1/eu/entreprise/GB/SC090312');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      id_national: 'SC090312',
      denomination: 'NATWEST MARKETS PLC',
      statut: 'actif',
    });
    expect(body.adresse_siege).to.deep.equal({
      adresse: '36 St Andrew Square, Edinburgh',
      code_postal: 'EH2 2YB',
      ville: null,
      pays: null,
    });
  });

  it('a company number Companies House does not know (its real 404) is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/GB/99999999');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'entreprise_inconnue', id_national: '99999999' });
  });

  it('a limited partnership (a type that does not decide) is 404 forme_juridique_non_servie', async () => {
    const { res, body } = await get('/v1/eu/entreprise/GB/LP000123');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: 'limited-partnership' });
  });

  it('a proposal to strike off is en_cessation; a c/o name on the registered office is never served', async () => {
    const { res, body } = await get('/v1/eu/entreprise/GB/09000001');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      denomination: 'EXAMPLE WIDGETS LIMITED',
      statut: 'en_cessation',
      statut_detail: 'company_status: active; company_status_detail: active-proposal-to-strike-off',
    });
    expect(body.adresse_siege.adresse).to.equal('Flat 2, 10 Sample Road');
  });

  for (const malformed of ['sc090312', '445790', 'SC90312', 'ABC12345', '004457900']) {
    it(`refuses ${malformed}, not a company number as the register writes it, before asking`, async () => {
      const before = ch.requests.length;
      const { res, body } = await get(`/v1/eu/entreprise/GB/${malformed}`);
      expect(res.status).to.equal(400);
      expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
      expect(ch.requests.length).to.equal(before);
    });
  }

  it('the European search asks Companies House by name and lists its companies, best match first', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=tesco&pays=GB');
    expect(res.status).to.equal(200);
    expect(body.resultats.map((r: Json) => [r.id_national, r.denomination, r.statut, r.ville])).to.deep.equal(
      [
        ['00445790', 'TESCO PLC', 'actif', 'Welwyn Garden City'],
        ['05888957', 'TESCO AQUA (FINCO2) LIMITED', 'radie', 'London'],
        ['09384423', 'KFORD TYRES (GORNAL) LTD', 'actif', 'Kingswinford'],
      ],
    );
    expect(
      body.resultats.every((r: Json) => r.pays === 'GB' && r.registre === 'gb.companies-house'),
    ).to.equal(true);
    expect(body.pays_couverts).to.deep.equal([
      { pays: 'GB', registre: 'gb.companies-house', mode: 'direct' },
    ]);
    expect(ch.requests.at(-1)!.url).to.equal('/search/companies?q=tesco&items_per_page=10');
  });

  it('a search by company number finds the company by its identifier', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=SC090312&pays=GB');
    expect(res.status).to.equal(200);
    expect(body.resultats.map((r: Json) => [r.id_national, r.correspondance])).to.deep.equal([
      ['SC090312', 'identifiant_national'],
    ]);
  });

  for (const [what, failure, raison] of [
    ['a 500', { status: 500, body: '{}' }, 'injoignable'],
    [
      'a 502 HTML page',
      { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' },
      'injoignable',
    ],
    ['a 401 (the key refused)', { status: 401, body: recorded('ch_401.json') }, 'refus'],
    ['no answer in time', { status: 200, body: '{}', delayMs: 3000 }, 'delai_depasse'],
  ] as const) {
    it(`Companies House answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // A company number seen by no earlier test, so nothing is served from the read table.
      fail.set('01234567', failure);
      const { res, body } = await get('/v1/eu/entreprise/GB/01234567');
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', motif_panne: 'amont_indisponible', raison });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
    });
  }

  it('an unexpected 404 (not Companies House’s own) is 503 illisible, never an absence', async () => {
    fail.set('07654321', { status: 404 });
    const { res, body } = await get('/v1/eu/entreprise/GB/07654321');
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', raison: 'illisible' });
  });

  it('no natural person’s name from the recordings is in any answer, the log or the read table', async () => {
    await service.t.service.runner.catchUp();
    const logged = JSON.stringify((await allEvents(service.t.service.store)).map((e) => e.data));
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    const kept = rows.map((r: Json) => r.r).join();
    expect(served.length).to.be.greaterThan(10);
    expect(served.join('\n').toUpperCase()).to.not.contain(PERSON);
    expect(logged.toUpperCase()).to.not.contain(PERSON);
    expect(kept.toUpperCase()).to.not.contain(PERSON);
    // The recordings asked do hold the name: the check above is not vacuous.
    expect(recorded('ch_LP000123_limited-partnership_constructed.json').toString()).to.contain(PERSON);
    expect(recorded('ch_09000001_care-of_constructed.json').toString()).to.contain(PERSON);
  });
});
