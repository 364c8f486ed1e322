import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { RUZ_RECORDINGS } from '../../../ingest/sk-ruz/skRuzLive.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { EU_LIVE_OBSERVATIONS } from '../../../projections/eu-live/euLiveProjection.ts';
import { LIVE_RECORD_OBSERVED } from '../../../schemas/events/liveEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { allEvents } from '../../support/eventLog.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const recorded = (file: string) => fs.readFileSync(path.join(RUZ_RECORDINGS.folder, file), 'utf8');

describe(`Slovakia, RÚZ accounts queried live (e2e, ${targetDescription})`, () => {
  let service: PaidDemoService;
  let ruz: ReplayServer;
  let key: string;
  const fail = new Map<string, ReplayAnswer>();

  before(async () => {
    ruz = await startReplayServer(recordedReplay(RUZ_RECORDINGS, fail));
    service = await startPaidDemoService({
      compose: { liveUrls: { 'sk.ruz': ruz.url }, livePolicy: { timeoutMs: 1000 } },
    });
    key = (await openAccount(service.t.service.store, { credits: 1_000_000 })).key;
    await service.t.service.runner.catchUp();
  });
  after(async () => {
    await service?.stop();
    await ruz?.close();
  });
  afterEach(() => fail.clear());

  const get = async (p: string) => {
    const res = await fetch(`${service.t.baseUrl}${p}`, { headers: { 'X-Api-Key': key } });
    return { res, body: (await res.json()) as Json };
  };

  // The failures come first: an answer once read is served again (read table, 30 days at most).
  it('a statement the unit announces and RÚZ does not return is 503 zavierka_non_lue, not charged', async () => {
    fail.set('uctovna-zavierka?id=4441347', { status: 404, body: '', contentType: 'application/json' });
    const { res, body } = await get('/v1/eu/entreprise/SK/52772128/comptes');
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'zavierka_non_lue', registre: 'sk.ruz' });
    expect(res.headers.get('x-credits-charged')).to.equal('0');
  });

  it('a report that does not decode against its template is 503 depot_non_lu, and heals once RÚZ serves it whole', async () => {
    fail.set('uctovny-vykaz?id=7221914', {
      status: 200,
      body: recorded('uctovny-vykaz_7221914_TRIMMED-by-source-authors.json'),
      contentType: 'application/json',
    });
    const broken = await get('/v1/eu/entreprise/SK/52772128/comptes');
    expect(broken.res.status).to.equal(503);
    expect(broken.body.error).to.equal('depot_non_lu');
    fail.clear();
    // The truncated report was recorded; it still does not decode, so RÚZ is asked again and answers whole.
    const healed = await get('/v1/eu/entreprise/SK/52772128/comptes');
    expect(healed.res.status).to.equal(200);
  });

  it('lists the structured statements with every member of the contract; a PDF-only filing is counted, not listed', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/52772128/comptes');
    expect(res.status).to.equal(200);
    const keys = Object.keys(body);
    expect(keys.slice(keys.indexOf('pays'), keys.indexOf('pays') + 6)).to.deep.equal([
      'pays',
      'id_national',
      'nombre_depots',
      'depots',
      'nombre_depots_pdf_seuls',
      'telechargement',
    ]);
    expect(body).to.include({
      pays: 'SK',
      id_national: '52772128',
      nombre_depots: 1,
      nombre_depots_pdf_seuls: 1,
    });
    expect(body.depots).to.deep.equal([
      {
        date_cloture: '2019-12-31',
        debut_exercice: '2019-12-01',
        denomination: 'Juraj Kollar s. r. o.',
        perimetre: 'statutaire',
        type_depot: 'Riadna',
        modele: 'Úč MUJ',
        nb_postes: 18,
        source_url: 'https://www.registeruz.sk/cruz-public/api/uctovny-vykaz?id=7221914',
      },
    ]);
    expect(body.telechargement.chemin).to.equal('/v1/eu/entreprise/SK/52772128/comptes/{date_cloture}');
  });

  it('names every RÚZ answer read in provenance: unit list, unit, statements, reports, template', async () => {
    const { body } = await get('/v1/eu/entreprise/SK/52772128/comptes');
    const urls = body.provenance.map((p: Json) => p.url.slice(ruz.url.length));
    expect(urls).to.have.members([
      '/uctovne-jednotky?ico=52772128&zmenene-od=1993-01-01',
      '/uctovna-jednotka?id=2402131',
      '/uctovna-zavierka?id=4441347',
      '/uctovna-zavierka?id=4441350',
      '/uctovny-vykaz?id=7221914',
      '/uctovny-vykaz?id=7400001',
      '/sablona?id=687',
    ]);
    for (const p of body.provenance) {
      expect(p.registre).to.equal('sk.ruz');
      expect(p.empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    }
  });

  it('serves a statement decoded against its template, values in whole euros, empty cells null', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/52772128/comptes/2019-12-31');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      date_cloture: '2019-12-31',
      modele: 'Úč MUJ',
      devise: 'EUR',
      depose_le: '2020-08-24',
      approuve_le: '2020-08-11',
      autres_depots_meme_date: 0,
    });
    const [assets, liabilities, income] = body.tableaux;
    expect(assets).to.include({ nom: 'Strana aktív', nombre_colonnes: 2 });
    expect(assets.postes[0]).to.deep.equal({
      numero: 1,
      code: null,
      libelle: 'SPOLU MAJETOK',
      libelle_en: 'TOTAL ASSETS',
      valeurs: [5000, null],
    });
    expect(liabilities.postes.find((p: Json) => p.libelle === 'Základné imanie').valeurs).to.deep.equal([
      5000,
      null,
    ]);
    expect(income.postes.every((p: Json) => p.valeurs.every((v: Json) => v === null))).to.equal(true);
  });

  it('a closing date with no structured statement is 404 element_inconnu; a malformed one is 400', async () => {
    const absent = await get('/v1/eu/entreprise/SK/52772128/comptes/2020-12-31');
    expect(absent.res.status).to.equal(404);
    expect(absent.body).to.include({ error: 'element_inconnu', champ: 'date_cloture' });
    const bad = await get('/v1/eu/entreprise/SK/52772128/comptes/31-12-2019');
    expect(bad.res.status).to.equal(400);
    expect(bad.body.champ).to.equal('date_cloture');
  });

  it('a unit without statements is an empty list; an IČO RÚZ does not know is 404', async () => {
    const empty = await get('/v1/eu/entreprise/SK/50826042/comptes');
    expect(empty.res.status).to.equal(200);
    expect(empty.body).to.include({ nombre_depots: 0, nombre_depots_pdf_seuls: 0 });
    const unknown = await get('/v1/eu/entreprise/SK/47654325/comptes');
    expect(unknown.res.status).to.equal(404);
    expect(unknown.body.error).to.equal('entreprise_inconnue');
  });

  it('a sole trader’s accounts are 404 entreprise_individuelle_non_servie; the name never reaches the log', async () => {
    const { res, body } = await get('/v1/eu/entreprise/SK/40123456/comptes');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_individuelle_non_servie');
    expect(JSON.stringify(body)).to.not.contain('Vzorový');
    const logged = await allEvents(service.t.service.store);
    const observed = logged.filter((e) => e.type === LIVE_RECORD_OBSERVED);
    expect(JSON.stringify(observed.map((e) => e.data))).to.not.contain('Vzorový');
  });

  it('a statement read once is served again from the read table, without asking RÚZ', async () => {
    await service.t.service.runner.catchUp();
    const { rows } = await service.t.db.knex.raw(`select count(*)::int as n from ${EU_LIVE_OBSERVATIONS}`);
    expect(rows[0].n).to.be.greaterThan(5);
    const asked = ruz.requests.filter((r) => r.url.includes('uctovna-zavierka')).length;
    const { res } = await get('/v1/eu/entreprise/SK/52772128/comptes/2019-12-31');
    expect(res.status).to.equal(200);
    expect(ruz.requests.filter((r) => r.url.includes('uctovna-zavierka')).length).to.equal(asked);
  });

  it('RÚZ down is 503 amont_indisponible, never an empty list', async () => {
    fail.set('*', { status: 500, body: '<html>Error</html>', contentType: 'text/html' });
    const { res, body } = await get('/v1/eu/entreprise/SK/31333532/comptes');
    expect(res.status).to.equal(503);
    expect(body).to.include({ error: 'amont_indisponible' });
  });

  it('a rebuilt table of observations equals the one kept up to date', async () => {
    await service.t.service.runner.catchUp();
    const table = async () =>
      (
        await service.t.db.knex.raw(
          `select registre, url, observed_at, status, body_sha256, record from ${EU_LIVE_OBSERVATIONS} order by 1, 2`,
        )
      ).rows;
    const kept = await table();
    expect(kept.length).to.be.greaterThan(5);
    await service.t.service.runner.rebuild('eu-live');
    expect(await table()).to.deep.equal(kept);
  });
});
