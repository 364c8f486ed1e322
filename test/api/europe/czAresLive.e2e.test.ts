import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ARES_RECORDINGS } from '../../../ingest/cz-ares/czAresLive.ts';
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

const recorded = (file: string) => fs.readFileSync(path.join(ARES_RECORDINGS.folder, file));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe(`Czechia, ARES queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let ares: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    ares = await startReplayServer(recordedReplay(ARES_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: {
        liveUrls: { 'cz.ares': ares.url },
        livePolicy: { timeoutMs: 1000, breaker: { failures: 6, halfOpenAfterMs: 200 } },
      },
    });
    key = (await openAccount(service.t.service.store, { credits: 5_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await ares?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };
  const asked = (ico: string) => ares.requests.filter((r) => r.url.endsWith(`/${ico}`)).length;

  it('serves the unified profile read live, every member from the ARES record', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CZ/26435675');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'CZ',
      registre: 'ARES',
      id_national: '26435675',
      denomination: 'CineStar s.r.o.',
      statut: 'actif',
      statut_detail: 'stavZdrojeRos: AKTIVNI',
      date_creation: '2001-01-29',
      lien_registre: 'https://ares.gov.cz/ekonomicke-subjekty?ico=26435675',
    });
    expect(body.forme_juridique).to.deep.equal({ code: '112', libelle: 'Společnost s ručením omezeným' });
    expect(body.adresse_siege).to.deep.equal({
      adresse: 'Radlická 3185/1c, Smíchov, 15000 Praha 5',
      code_postal: '15000',
      ville: 'Praha',
      pays: 'Česká republika',
    });
    expect(body.identifiants).to.deep.equal({ tva: 'CZ26435675', lei: null });
  });

  it('names the observation in its provenance: time, question, digest of the body read', async () => {
    const { body } = await get('/v1/eu/entreprise/CZ/26168685');
    const [entry] = body.provenance;
    expect(entry.registre).to.equal('cz.ares');
    expect(entry.url).to.equal(`${ares.url}/ekonomicke-subjekty/26168685`);
    expect(entry.empreinte_sha256).to.equal(sha256(recorded('ekonomicke-subjekty_26168685.json')));
    expect(entry.consulte_le).to.equal(entry.version);
    expect(Date.now() - Date.parse(entry.consulte_le)).to.be.within(0, 60_000);
    expect(body.data_freshness).to.contain('lu en direct');
    expect(body.citation).to.contain('ARES');
  });

  it('appends the answer to the log as LiveRecordObserved before serving it', async () => {
    await get('/v1/eu/entreprise/CZ/26435675');
    const events = await allEvents(service.t.service.store);
    const observed = events.filter(
      (e) => e.type === LIVE_RECORD_OBSERVED && (e.data as Json).url.endsWith('/26435675'),
    );
    expect(observed.length).to.be.greaterThan(0);
    const data = observed[0]!.data as Json;
    expect(data).to.include({ register: 'cz.ares', status: 200 });
    expect(data.bodySha256).to.equal(sha256(recorded('ekonomicke-subjekty_26435675.json')));
    expect(data.record.profil.denomination).to.equal('CineStar s.r.o.');
  });

  it('serves a fresh observation again from the read table, without asking ARES', async () => {
    const first = await get('/v1/eu/entreprise/CZ/26435675');
    await service.t.service.runner.catchUp();
    const before = asked('26435675');
    const again = await get('/v1/eu/entreprise/CZ/26435675');
    expect(again.res.status).to.equal(200);
    expect(asked('26435675')).to.equal(before);
    expect(again.body.data_freshness).to.contain('resservi');
    expect(again.body.provenance[0].consulte_le).to.equal(first.body.provenance[0].consulte_le);
  });

  it('an unknown IČO is 404 entreprise_inconnue; a sole trader 404, never named anywhere', async () => {
    const unknown = await get('/v1/eu/entreprise/CZ/27074358');
    expect(unknown.res.status).to.equal(404);
    expect(unknown.body.error).to.equal('entreprise_inconnue');
    const trader = await get('/v1/eu/entreprise/CZ/12345679');
    expect(trader.res.status).to.equal(404);
    expect(trader.body.error).to.equal('entreprise_individuelle_non_servie');
    expect(JSON.stringify(trader.body)).to.not.contain('Novák');
    const logged = await allEvents(service.t.service.store);
    expect(JSON.stringify(logged.map((e) => e.data))).to.not.contain('Novák');
    const { rows } = await service.t.db.knex.raw(`select record::text as r from ${EU_LIVE_PROFILES}`);
    expect(rows.map((r: Json) => r.r).join()).to.not.contain('Novák');
  });

  it('a legal form in no code list is 404 forme_juridique_non_servie, not guessed', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CZ/87654326');
    expect(res.status).to.equal(404);
    expect(body).to.include({ error: 'forme_juridique_non_servie', forme_code: '999' });
  });

  it('refuses an IČO whose check digit is wrong before asking ARES', async () => {
    const { res, body } = await get('/v1/eu/entreprise/CZ/26435676');
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'parametre_invalide', champ: 'id' });
    expect(asked('26435676')).to.equal(0);
  });

  for (const [what, failure, raison] of [
    ['a 500', { status: 500, body: '{}' }, 'injoignable'],
    ['a 429', { status: 429, body: '{}', headers: { 'retry-after': '0' } }, 'limite_amont'],
    ['truncated JSON', { status: 200, body: '{"ico":"26435675","obchodniJm' }, 'illisible'],
    [
      'an HTML error page',
      { status: 200, body: '<html>Chyba</html>', contentType: 'text/html' },
      'illisible',
    ],
    ['no answer in time', { status: 200, body: '{}', delayMs: 3000 }, 'delai_depasse'],
  ] as const) {
    it(`ARES answering ${what}: 503 amont_indisponible (${raison}), never charged`, async () => {
      // A company seen by no earlier test, so nothing is served from the read table.
      fail.set('25596641', failure);
      const res = await fetch(`${service.t.baseUrl}/v1/eu/entreprise/CZ/25596641`, {
        headers: { 'X-Api-Key': key },
      });
      const body = (await res.json()) as Json;
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', motif_panne: 'amont_indisponible', raison });
      expect(res.headers.get('x-credits-charged')).to.equal('0');
      expect(res.headers.get('signature')).to.equal(null);
    });
  }

  it('opens the circuit after repeated failures, refuses at once, then closes when ARES is back', async () => {
    fail.set('*', { status: 503, body: '{}' });
    for (let i = 0; i < 6; i++) await get('/v1/eu/entreprise/CZ/25596641');
    const before = ares.requests.length;
    const refused = await get('/v1/eu/entreprise/CZ/25596641');
    expect(refused.res.status).to.equal(503);
    expect(refused.body.raison).to.equal('circuit_ouvert');
    expect(ares.requests.length, 'an open circuit asks nothing').to.equal(before);
    const health = (await (await fetch(`${service.t.baseUrl}/health`)).json()) as Json;
    expect(health.statut).to.equal('degrade');
    expect(health.registres_en_direct).to.deep.include({ registre: 'cz.ares', circuit: 'ouvert' });
    const metrics = await (await fetch(`${service.t.baseUrl}/metrics`)).text();
    expect(metrics).to.contain('registres_live_circuit_open{registre="cz.ares"} 1');
    fail.clear();
    // Half-open after 200 ms: the first call that goes through closes it. (A search: a profile already
    // observed would be served from the read table without calling ARES at all.)
    const czAnswered = async () => {
      const { body } = await get('/v1/eu/recherche?q=cinestar&pays=CZ');
      return (body.pays_couverts ?? []).some((c: Json) => c.pays === 'CZ');
    };
    let closed = false;
    for (const started = Date.now(); !closed && Date.now() - started < 5000; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      closed = await czAnswered();
    }
    expect(closed).to.equal(true);
    const healed = (await (await fetch(`${service.t.baseUrl}/health`)).json()) as Json;
    expect(healed.registres_en_direct).to.deep.include({ registre: 'cz.ares', circuit: 'ferme' });
  });

  it('the European search asks ARES with the local copies and lists its companies', async () => {
    const { res, body } = await get('/v1/eu/recherche?q=cinestar');
    expect(res.status).to.equal(200);
    const cz = body.resultats.filter((r: Json) => r.pays === 'CZ');
    expect(cz.map((r: Json) => [r.id_national, r.denomination, r.registre])).to.deep.equal([
      ['26435675', 'CineStar s.r.o.', 'cz.ares'],
    ]);
    expect(body.pays_couverts).to.deep.include({ pays: 'CZ', registre: 'cz.ares', mode: 'direct' });
    expect(body.provenance.some((p: Json) => p.registre === 'cz.ares' && p.consulte_le)).to.equal(true);
  });

  it('a live register that does not answer in time is mute; the search is still served', async () => {
    fail.set('*', { status: 200, body: '{}', delayMs: 5000 });
    const { res, body } = await get('/v1/eu/recherche?q=kinnisvara');
    expect(res.status).to.equal(200);
    expect(body.registres_muets).to.deep.include({ pays: 'CZ', registre: 'cz.ares', motif: 'delai_depasse' });
    expect(body.pays_couverts.map((c: Json) => c.pays)).to.not.include('CZ');
  });

  it('a rebuilt live read table equals the one kept up to date', async () => {
    await service.t.service.runner.catchUp();
    const table = async () =>
      (
        await service.t.db.knex.raw(
          `select registre, id_national, observed_at, url, body_sha256, record from ${EU_LIVE_PROFILES} order by 1, 2`,
        )
      ).rows;
    const kept = await table();
    expect(kept.length).to.be.greaterThan(2);
    await service.t.service.runner.rebuild('eu-live');
    expect(await table()).to.deep.equal(kept);
  });
});
