import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { tvaVerifierSchema } from '../../../schemas/responses/tvaVerifier.ts';
import { userErrorAnswer, VIES_ANSWERS, viesBody, viesJson } from '../../ingest/eu-vies/viesRecordings.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

const VIES_SOURCES = FRENCH_LIVE_SOURCES.filter((s) => s.info.register === EU_VIES_REGISTER);
/** The SIREN of the constructed sole trader answer: a sole proprietor (category 1000) in this suite's Sirene. */
const SOLE_TRADER_SIREN = '949053854';
/** Danone, whose real VIES answer is recorded: a société anonyme (category 5599, as the RNE records it). */
const DANONE_SIREN = '552032534';
/** A French VAT number with good check digits that no recording answers. */
const UNRECORDED_FR = 'FR59542051180';

describe(`GET /v1/tva/verifier/{numero}: EU VAT numbers checked with VIES (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let vies: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();
  const served: string[] = [];

  before(async () => {
    vies = await startReplayServer(recordedReplay(VIES_SOURCES[0]!.parts.recordings, fail));
    service = await startPaidDemoService({
      demo: ['fr.sirene'],
      freeCallsPerMonth: 0,
      compose: {
        frenchLiveSources: VIES_SOURCES,
        liveUrls: { [EU_VIES_REGISTER]: vies.url },
        livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
        viesRequesterVat: null,
      },
    });
    const { t } = service;
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: new Date().toISOString().slice(0, 10),
        extraUnits: [unnamedUnit(SOLE_TRADER_SIREN, '1000'), unnamedUnit(DANONE_SIREN, '5599')],
      },
    );
    key = (await openAccount(t.service.store, { credits: 1_000_000 })).key;
    await t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await vies?.close();
  });
  afterEach(() => fail.clear());

  const get = async (numero: string) => {
    const before = vies.requests.length;
    const res = await fetch(`${service.t.baseUrl}/v1/tva/verifier/${encodeURIComponent(numero)}`, {
      headers: { 'X-Api-Key': key },
    });
    const text = await res.text();
    served.push(text);
    return { res, body: JSON.parse(text) as Json, asked: vies.requests.length - before };
  };

  it('serves a valid number with every member, VIES’s values as published, charged $0.003', async () => {
    const { res, body } = await get(VIES_ANSWERS.latvia.vat);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.003');
    expect(Object.keys(body)[0]).to.equal('citation');
    expect(body).to.include({
      numero: 'LV44103126607',
      pays: 'LV',
      statut: 'valide',
      nom: 'SIA "WD Market"',
      adresse: 'Lāčplēša iela 6–8, Sigulda, Siguldas nov., LV-2150',
      nom_non_servi: null,
      date_demande: '2024-07-25T07:28:37.115Z',
      identifiant_consultation: null,
    });
    expect(body.consulte_le).to.match(/^\d{4}-\d{2}-\d{2}T/);
    expect(body.provenance).to.have.length(1);
    expect(body.provenance[0]).to.include({
      registre: 'eu.vies',
      url: `${vies.url}/ms/LV/vat/44103126607`,
      consulte_le: body.consulte_le,
    });
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(tvaVerifierSchema);
    expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('accepts spaces, dots, hyphens and lower case, and answers the normalised number', async () => {
    const { res, body } = await get('lv 4410-3126.607');
    expect(res.status).to.equal(200);
    expect(body).to.include({ numero: 'LV44103126607', statut: 'valide' });
  });

  it('a number VIES does not know is invalide (a verdict), its empty name not served', async () => {
    const { res, body } = await get(VIES_ANSWERS.germanInvalid.vat);
    expect(res.status).to.equal(200);
    expect(body).to.include({
      numero: 'DE315037332',
      statut: 'invalide',
      nom: null,
      adresse: null,
      nom_non_servi: 'non_publie',
    });
  });

  it('bad check digits: 400 before VIES is asked, never charged', async () => {
    const { res, body, asked } = await get('LV44103126608');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'numero' });
    expect(body.message).to.contain('contrôle');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(asked).to.equal(0);
  });

  it('a prefix that is not an EU member state’s: 400 pays_non_couvert, nothing asked, not charged', async () => {
    const { res, body, asked } = await get('GB980780684');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'pays_non_couvert', champ: 'numero' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(asked).to.equal(0);
  });

  it('a member state unavailable: 503 amont_indisponible naming it, not charged, nothing recorded', async () => {
    const events = async () =>
      (await allEvents(service.t.service.store)).filter((e) => e.type === LIVE_RECORD_OBSERVED).length;
    const before = await events();
    fail.set('/ms/FR/', { status: 200, body: viesBody(VIES_ANSWERS.msUnavailable.file) });
    const { res, body } = await get(UNRECORDED_FR);
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', registre: 'eu.vies', pays: 'FR' });
    expect(body.message).to.contain('État membre FR');
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(await events()).to.equal(before);
  });

  it('a question VIES was not recorded answering: 503 amont_indisponible, never invalide', async () => {
    const { res, body } = await get(UNRECORDED_FR);
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible', pays: 'FR' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  // France throttles first calls (MS_MAX_CONCURRENT_REQ): asked before any other test asks this number.
  it('a member state throttling the first call is asked once more, and the answer served', async () => {
    const path = `/ms/FR/vat/${VIES_ANSWERS.frenchDemo.vat.slice(2)}`;
    let throttled = 0;
    vies.answer = (req) => {
      if (req.url.pathname === path && throttled++ === 0) {
        return { status: 200, body: userErrorAnswer('MS_MAX_CONCURRENT_REQ') };
      }
      return recordedReplay(VIES_SOURCES[0]!.parts.recordings, fail)(req);
    };
    const { res, body } = await get(VIES_ANSWERS.frenchDemo.vat);
    vies.answer = recordedReplay(VIES_SOURCES[0]!.parts.recordings, fail);
    expect(res.status).to.equal(200);
    expect(body.statut).to.equal('valide');
    expect(vies.requests.filter((r) => r.url === path)).to.have.length(2);
  });

  it('serves a French legal person’s name when Sirene says it is one, without a legal-form token', async () => {
    const { body } = await get(VIES_ANSWERS.frenchDemo.vat);
    expect(body).to.include({
      statut: 'valide',
      nom: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
      nom_non_servi: null,
    });
  });

  it('serves a real French answer as VIES published it (SA DANONE, 2023): a legal person per Sirene, name served', async () => {
    const { res, body } = await get(VIES_ANSWERS.frenchDanone.vat);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-credits-charged')).to.equal('0.003');
    expect(body).to.include({
      numero: 'FR27552032534',
      pays: 'FR',
      statut: 'valide',
      nom: 'SA DANONE',
      adresse: '17 BD HAUSSMANN\n75009 PARIS',
      nom_non_servi: null,
      date_demande: '2023-04-06T21:14:10.956Z',
      identifiant_consultation: null,
    });
    expect(body.provenance[0]).to.include({ registre: 'eu.vies', url: `${vies.url}/ms/FR/vat/27552032534` });
  });

  it('never serves a sole trader’s name nor address (Sirene category 1000), nor keeps them in the log', async () => {
    const { res, body } = await get(VIES_ANSWERS.frenchSoleTrader.vat);
    expect(res.status).to.equal(200);
    expect(body).to.include({
      statut: 'valide',
      nom: null,
      adresse: null,
      nom_non_servi: 'personne_physique',
    });
    const answer = viesJson(VIES_ANSWERS.frenchSoleTrader.file) as { name: string; address: string };
    const log = JSON.stringify(await allEvents(service.t.service.store), (_k, v) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
    for (const text of [...served, log]) {
      expect(text).to.not.contain(answer.name);
      expect(text).to.not.contain(answer.address.split('\n')[0]);
    }
  });
});

describe(`GET /v1/tva/verifier with a requester VAT number (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let vies: ReplayServer;

  before(async () => {
    vies = await startReplayServer(recordedReplay(VIES_SOURCES[0]!.parts.recordings, new Map()));
    t = await startTestService({
      payment: false,
      frenchLiveSources: VIES_SOURCES,
      liveUrls: { [EU_VIES_REGISTER]: vies.url },
      livePolicy: { timeoutMs: 1500 },
      viesRequesterVat: 'FR40303265045',
    });
  });
  after(async () => {
    await t?.stop();
    await vies?.close();
  });

  it('asks VIES with this server as requester and serves its consultation number', async () => {
    const res = await fetch(`${t.baseUrl}/v1/tva/verifier/DK13612870`);
    const body = (await res.json()) as Json;
    expect(res.status).to.equal(200);
    expect(body).to.include({
      numero: 'DK13612870',
      statut: 'valide',
      identifiant_consultation: 'WAPIAAAAZNgfuVoL',
      date_demande: '2024-11-24T23:25:51.619Z',
      nom: 'Microsoft Danmark ApS',
    });
    expect(vies.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal(['POST /check-vat-number']);
  });
});
