import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { RPO_RECORDINGS } from '../../../ingest/sk-rpo/skRpoLive.ts';
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

/** Names the recordings hold that must never be served nor recorded: a sole trader's, the redacted officers'. */
const PERSONS = ['Vzorový', 'REDACTED'];

describe(`Slovakia, RPO queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let rpo: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    rpo = await startReplayServer(recordedReplay(RPO_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: { liveUrls: { 'sk.rpo': rpo.url }, livePolicy: { timeoutMs: 1000 } },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await rpo?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  it('serves ESET’s unified profile: the search finds the entity, the entity gives every member', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/31333532');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'SK',
      registre: 'RPO',
      id_national: '31333532',
      denomination: 'ESET, spol. s r.o.',
      statut: 'actif',
      statut_detail: null,
      date_creation: '1992-09-17',
      lien_registre: 'https://api.statistics.sk/rpo/v1/search?identifier=31333532',
    });
    expect(body.forme_juridique).to.deep.equal({ code: '112', libelle: 'Spoločnosť s ručením obmedzeným' });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Einsteinova 24, 85101 Bratislava',
      code_postal: '85101',
      ville: 'Bratislava',
      pays: 'Slovenská republika',
    });
    expect(body.identifiants).to.deep.equal({ tva: null, lei: null });
  });

  it('names the entity observation in provenance: its URL and the SHA-256 of the body as received', async () => {
    const { body } = await get('/v1/eu/entreprise/SK/31333532');
    const raw = fs.readFileSync(
      path.join(RPO_RECORDINGS.folder, 'entity_937053_REDACTED-by-source-authors.json'),
    );
    expect(body.provenance).to.have.length(1);
    expect(body.provenance[0]).to.include({
      registre: 'sk.rpo',
      url: `${rpo.url}/entity/937053?showHistoricalData=true&showOrganizationUnits=false`,
      empreinte_sha256: createHash('sha256').update(raw).digest('hex'),
    });
    expect(body.provenance[0].consulte_le).to.match(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('an IČO RPO does not know is 404 entreprise_inconnue', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/47654325');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  it('a sole trader is 404 entreprise_individuelle_non_servie, and the name is neither served nor recorded', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/40123456');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_individuelle_non_servie');
    expect(JSON.stringify(body)).to.not.contain('Vzorový');
  });

  it('refuses an IČO whose check digit is wrong before asking RPO, and charges nothing', async () => {
    const asked = rpo.requests.length;
    const res = await fetch(`${service.t.baseUrl}/v1/eu/entreprise/SK/31333533`, {
      headers: { 'X-Api-Key': key },
    });
    expect(res.status).to.equal(400);
    expect(await res.json()).to.include({ error: 'parametre_invalide', champ: 'id' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
    expect(rpo.requests.length).to.equal(asked);
  });

  it('the European search asks RPO by name, reads each entity, and drops the sole trader', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=servis&pays=SK');
    expect(res.status).to.equal(200);
    expect(body.resultats.map((r: Json) => [r.pays, r.id_national, r.denomination])).to.deep.equal([
      ['SK', '31322832', 'SLOVNAFT, a.s.'],
    ]);
    expect(body.pays_couverts).to.deep.equal([{ pays: 'SK', registre: 'sk.rpo', mode: 'direct' }]);
    expect(JSON.stringify(body)).to.not.contain('Vzorový');
  });

  it('no natural person’s name from the recordings reaches the log or the live read table', async () => {
    await get('/v1/eu/recherche?q=servis&pays=SK');
    await get('/v1/eu/entreprise/SK/31333532');
    const logged = await allEvents(service.t.service.store);
    const observed = logged.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && (e.data as Json).register === 'sk.rpo',
    );
    expect(observed.length).to.be.greaterThan(2);
    const text = JSON.stringify(observed.map((e) => e.data));
    for (const name of PERSONS) expect(text).to.not.contain(name);
    await service.t.service.runner.catchUp();
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    for (const name of PERSONS) expect(rows.map((r: Json) => r.r).join()).to.not.contain(name);
  });

  it('RPO down is 503 amont_indisponible and not charged; a truncated answer too', async () => {
    fail.set('*', { status: 503, body: '<html>Service Unavailable</html>', contentType: 'text/html' });
    const down = await fetch(`${service.t.baseUrl}/v1/eu/entreprise/SK/00151653`, {
      headers: { 'X-Api-Key': key },
    });
    expect(down.status).to.equal(503);
    expect(await down.json()).to.include({ error: 'amont_indisponible', raison: 'injoignable' });
    expect(down.headers.get('x-credits-charged')).to.equal('0');
    fail.set('*', { status: 200, body: '{"results":[{"id":1', contentType: 'application/json' });
    const truncated = await get('/v1/eu/entreprise/SK/00151653');
    expect(truncated.res.status).to.equal(503);
    expect(truncated.body).to.include({ error: 'amont_indisponible', raison: 'illisible' });
  });
});
