import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { PRH_RECORDINGS } from '../../../ingest/fi-prh/fiPrhLive.ts';
import { prhEvents } from '../../../ingest/fi-prh/prhEvents.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { LIVE_RECORD_OBSERVED, type LiveRecordObservedData } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const recorded = (file: string) => fs.readFileSync(path.join(PRH_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const REGISTERED = [
  { languageCode: '3', description: 'Registered' },
  { languageCode: '2', description: 'Registrerad' },
  { languageCode: '1', description: 'Rekisterissä' },
];

describe(`Finland, PRH events read live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let prh: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    prh = await startReplayServer(recordedReplay(PRH_RECORDINGS, fail));
    // No free quota: a served answer is charged its price, a refusal or an outage nothing.
    service = await startPaidDemoService({
      freeCallsPerMonth: 0,
      compose: { liveUrls: { 'fi.prh': prh.url }, livePolicy: { timeoutMs: 1500 } },
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
  const asked = (id: string) => prh.requests.filter((r) => r.url.endsWith(`businessId=${id}`)).length;
  const observations = async () =>
    (await allEvents(service.t.service.store))
      .filter((e) => e.type === LIVE_RECORD_OBSERVED)
      .map((e) => e.data as LiveRecordObservedData);

  it('serves Nokia’s events read live from PRH’s companies answer, every member, charged $0.02', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/0112038-9/evenements');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    const observedAt = body.consulte_le;
    expect(Date.parse(observedAt)).to.be.a('number').and.not.NaN;
    expect(body).to.deep.include({
      pays: 'FI',
      id_national: '0112038-9',
      denomination: 'Nokia Oyj',
      nombre_evenements: 9,
      aucun_evenement: false,
      licence: 'CC BY 4.0',
    });
    const keys = Object.keys(body);
    expect(keys.slice(keys.indexOf('pays'), keys.indexOf('licence') + 1)).to.deep.equal([
      'pays',
      'id_national',
      'denomination',
      'nombre_evenements',
      'aucun_evenement',
      'evenements',
      'consulte_le',
      'licence',
    ]);
    const tax = { code: '1', libelle: 'Verohallinto' };
    const entry = (
      type: string,
      libelle: string,
      date: string,
      registre: { code: string; libelle: string },
      autorite = tax,
    ) => ({
      famille: 'immatriculation',
      type: 'inscription_registre',
      type_source: type,
      libelle_source: libelle,
      date,
      date_fin: null,
      champ_source: 'registeredEntries',
      registre,
      autorite,
    });
    const vat = { code: '6', libelle: 'Arvonlisäverovelvollisuus' };
    expect(body.evenements).to.deep.equal([
      {
        famille: 'changement',
        type: 'changement_denomination',
        type_source: '1',
        libelle_source: null,
        date: '1997-09-01',
        date_fin: null,
        champ_source: 'names',
        registre: null,
        autorite: null,
      },
      entry('55', 'Rekisterissä', '1995-03-01', { code: '5', libelle: 'Ennakkoperintärekisteri' }),
      entry('82', 'Kiinteistön käyttöoikeuden luovuttamisesta', '1995-01-04', vat),
      entry('83', 'Alkutuottajana ja/tai kuvataiteilijana arvonlisäverovelvollinen', '1995-01-01', vat),
      entry('80', 'Liiketoiminnasta arvonlisäverovelvollinen', '1994-06-01', vat),
      {
        famille: 'immatriculation',
        type: 'attribution_identifiant',
        type_source: null,
        libelle_source: null,
        date: '1978-03-15',
        date_fin: null,
        champ_source: 'businessId',
        registre: null,
        autorite: null,
      },
      entry('1', 'Rekisterissä', '1978-03-15', { code: '4', libelle: 'Verohallinnon perustiedot' }),
      entry('41', 'Rekisterissä', '1944-01-01', { code: '7', libelle: 'Työnantajarekisteri' }),
      entry(
        '1',
        'Rekisterissä',
        '1896-12-19',
        { code: '1', libelle: 'Kaupparekisteri' },
        { code: '2', libelle: 'Patentti- ja rekisterihallitus' },
      ),
    ]);
    // No name, not even the company's own former one, inside the events.
    expect(JSON.stringify(body.evenements)).to.not.match(/Nokia/);

    expect(body.provenance).to.deep.equal([
      {
        registre: 'fi.prh',
        version: observedAt,
        consulte_le: observedAt,
        url: `${prh.url}/companies?businessId=0112038-9`,
        empreinte_sha256: sha256(recorded('companies_businessId-0112038-9.json')),
      },
    ]);
    expect(body.citation).to.be.a('string').and.contain('PRH');

    const [observed] = (await observations()).filter((o) => o.url.endsWith('businessId=0112038-9'));
    expect(observed).to.include({
      register: 'fi.prh',
      url: `${prh.url}/companies?businessId=0112038-9`,
      status: 200,
      observedAt,
      bodySha256: sha256(recorded('companies_businessId-0112038-9.json')),
    });
    const record = observed!.record as Json;
    expect(record.kind).to.equal('eu-profil');
    expect(record.profil.denomination).to.equal('Nokia Oyj');
    expect(record.evenements).to.deep.equal(body.evenements);
  });

  it('one PRH answer serves the events and the profile: the profile asks PRH nothing more', async () => {
    const before = asked('0112038-9');
    expect(before).to.equal(1);
    const { res, body } = await get('/v1/eu/entreprise/FI/0112038-9');
    expect(res.status).to.equal(200);
    expect(body.denomination).to.equal('Nokia Oyj');
    expect(asked('0112038-9')).to.equal(before);
    const again = await get('/v1/eu/entreprise/FI/0112038-9/evenements');
    expect(again.res.status).to.equal(200);
    expect(asked('0112038-9')).to.equal(before);
  });

  it('a company in liquidation (constructed answer): situations, ended entries, a change of form and of name', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/9900001-8/evenements');
    expect(res.status).to.equal(200);
    expect(body).to.deep.include({
      denomination: 'Esimerkkirakennus Oy',
      nombre_evenements: 10,
      aucun_evenement: false,
    });
    const brief = body.evenements.map((e: Json) => [
      e.famille,
      e.type,
      e.type_source,
      e.date,
      e.date_fin,
      e.champ_source,
    ]);
    expect(brief).to.deep.equal([
      ['liquidation', 'liquidation', 'SELTILA', '2025-03-10', null, 'companySituations'],
      ['insolvabilite', 'restructuration', 'SANE', '2021-02-15', '2023-06-30', 'companySituations'],
      ['changement', 'changement_forme_juridique', '16', '2019-05-02', null, 'companyForms'],
      ['changement', 'changement_denomination', '1', '2019-05-02', null, 'names'],
      ['immatriculation', 'inscription_registre', '41', '2003-01-01', '2024-12-31', 'registeredEntries'],
      ['immatriculation', 'inscription_registre', '80', '2001-06-01', '2025-04-30', 'registeredEntries'],
      ['immatriculation', 'inscription_registre', '55', '2001-06-01', '2025-04-30', 'registeredEntries'],
      ['immatriculation', 'attribution_identifiant', null, '2001-05-14', null, 'businessId'],
      ['immatriculation', 'inscription_registre', '1', '2001-05-14', null, 'registeredEntries'],
      ['immatriculation', 'inscription_registre', '1', '2001-05-14', null, 'registeredEntries'],
    ]);
    const form = body.evenements.find((e: Json) => e.type === 'changement_forme_juridique');
    expect(form).to.include({ libelle_source: 'Osakeyhtiö', registre: null, autorite: null });
    const liquidation = body.evenements[0];
    expect(liquidation).to.include({ libelle_source: null, registre: null, autorite: null });
    expect(JSON.stringify(body.evenements)).to.not.contain('Esimerkkirakennus');
    // The profile, from the same observation, says the company is ceasing.
    const profile = await get('/v1/eu/entreprise/FI/9900001-8');
    expect(profile.body).to.include({ statut: 'en_cessation', statut_detail: 'companySituations: SELTILA' });
    expect(asked('9900001-8')).to.equal(1);
  });

  it('a company whose answer holds no event: aucun_evenement true, an empty list, charged', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/9900002-6/evenements');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.02');
    expect(body).to.deep.include({
      pays: 'FI',
      id_national: '9900002-6',
      denomination: 'Esimerkki Oy',
      nombre_evenements: 0,
      aucun_evenement: true,
      evenements: [],
    });
    expect(body.provenance[0]).to.include({
      url: `${prh.url}/companies?businessId=9900002-6`,
      empreinte_sha256: sha256(recorded('companies_businessId-9900002-6_no_event_constructed.json')),
    });
  });

  it('a business ID PRH does not know is 404 entreprise_inconnue, never charged', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/2331972-7/evenements');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'entreprise_inconnue', pays: 'FI', id_national: '2331972-7' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('a sole trader (a company form that does not decide) is refused as the profile refuses it; its name is never kept', async () => {
    const { res, body } = await get('/v1/eu/entreprise/FI/1572860-0/evenements');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: '26' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    const profile = await get('/v1/eu/entreprise/FI/1572860-0');
    expect(profile.res.status).to.equal(404);
    expect(profile.body).to.include({ error: 'forme_juridique_non_servie', forme_code: '26' });
    expect(JSON.stringify([body, profile.body])).to.not.contain('Meikäläinen');
    const observed = (await observations()).filter((o) => o.url.endsWith('businessId=1572860-0'));
    expect(observed.length).to.be.greaterThan(0);
    expect(JSON.stringify(observed)).to.not.contain('Meikäläinen');
    expect((observed[0]!.record as Json).evenements).to.equal(undefined);
  });

  it('refuses a business ID whose check digit is wrong before asking PRH, never charged', async () => {
    const before = prh.requests.length;
    const { res, body } = await get('/v1/eu/entreprise/FI/0112038-8/evenements');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    const malformed = await get('/v1/eu/entreprise/FI/0112038/evenements');
    expect(malformed.res.status).to.equal(400);
    expect(prh.requests.length).to.equal(before);
  });

  for (const [what, failure, raison] of [
    [
      'a 503',
      { status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' },
      'injoignable',
    ],
    ['no answer in time', { status: 200, body: '{}', delayMs: 4000 }, 'delai_depasse'],
    ['an answer that is not its envelope', { status: 200, body: '{"companies":"x"}' }, 'illisible'],
  ] as const) {
    it(`PRH answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // A company seen by no earlier test: nothing is served from this process's cache.
      const id = { injoignable: '9900003-4', delai_depasse: '9900004-2', illisible: '9900005-0' }[raison];
      fail.set(id, failure);
      const { res, body } = await get(`/v1/eu/entreprise/FI/${id}/evenements`);
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', motif_panne: 'amont_indisponible', raison });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
    });
  }
});

describe('Finland, PRH events from a YTJ company (unit)', () => {
  it('classifies only verified register statuses; any other code is kept with its label, never guessed', () => {
    const events = prhEvents({
      registeredEntries: [
        {
          type: '0',
          descriptions: [{ languageCode: '1', description: 'Rekisteröimätön' }],
          register: '1',
          authority: '2',
        },
        {
          type: '1',
          descriptions: REGISTERED,
          registrationDate: '2020-01-02',
          register: '8',
          authority: '1',
        },
      ],
    });
    expect(events).to.deep.equal([
      {
        famille: 'autre',
        type: 'statut_registre',
        type_source: '1',
        libelle_source: 'Rekisterissä',
        date: '2020-01-02',
        date_fin: null,
        champ_source: 'registeredEntries',
        registre: { code: '8', libelle: null },
        autorite: { code: '1', libelle: 'Verohallinto' },
      },
      {
        famille: 'autre',
        type: 'statut_registre',
        type_source: '0',
        libelle_source: 'Rekisteröimätön',
        date: null,
        date_fin: null,
        champ_source: 'registeredEntries',
        registre: { code: '1', libelle: 'Kaupparekisteri' },
        autorite: { code: '2', libelle: 'Patentti- ja rekisterihallitus' },
      },
    ]);
  });

  it('a change of form is the current version (1) after an earlier one, even undated; a single name is no change', () => {
    const events = prhEvents({
      companyForms: [
        { type: '16', version: 1 },
        { type: '17', registrationDate: '2001-05-14', endDate: '2019-05-01', version: 2 },
      ],
      names: [{ name: 'Esimerkki Oy', type: '1', registrationDate: '2001-05-14', version: 1 }],
    });
    expect(events.map((e) => [e.type, e.type_source, e.date, e.champ_source])).to.deep.equal([
      ['changement_forme_juridique', '16', null, 'companyForms'],
    ]);
  });

  it('a bankruptcy, an unknown situation and a cessation date', () => {
    const events = prhEvents({
      companySituations: [
        { type: 'KONK', registrationDate: '2024-05-06' },
        { type: 'UUSI', registrationDate: '2023-01-01' },
      ],
      endDate: '2025-12-31',
    });
    expect(events.map((e) => [e.famille, e.type, e.type_source, e.date, e.champ_source])).to.deep.equal([
      ['radiation', 'cessation', null, '2025-12-31', 'endDate'],
      ['insolvabilite', 'faillite', 'KONK', '2024-05-06', 'companySituations'],
      ['autre', 'situation_autre', 'UUSI', '2023-01-01', 'companySituations'],
    ]);
  });
});
