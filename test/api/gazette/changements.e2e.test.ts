import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createChangementsRoute } from '../../../api/routes/changements.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { testLogger } from '../../support/database.ts';
import {
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  GANYMEDE,
  GANYMEDE_UNIT,
  SOLE_TRADER,
  SUCRERIES,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Body = Record<string, any>;

describe('GET /v1/entreprise/{siren}/changements (e2e)', () => {
  let t: RunningService;
  let clock = new Date('2026-11-23T10:00:00Z');
  const now = () => clock;

  const ingest = async (file: string, date: string) => {
    const result = await ingestBodaccExport({
      knex: t.db.knex,
      store: t.service.store,
      logger: testLogger,
      file,
      date,
    });
    await t.service.runner.caughtUp();
    return result;
  };
  const get = async (siren: string, depuis: string) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/changements?depuis=${depuis}`);
    return { res, body: (await res.json()) as Body };
  };
  const ids = (body: Body) => body.nouveaux_evenements_bodacc.annonces.map((a: { id: string }) => a.id);

  before(async () => {
    t = await startTestService({
      projections: [bodaccAnnoncesProjection, unitesLegalesProjection],
      routes: [createChangementsRoute({ now })],
      registers: REGISTERS,
      payment: false,
      now,
    });
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      { version: '2026-10-15', extraUnits: [GANYMEDE_UNIT] },
    );
    await ingest(BODACC_SAMPLE, '2026-11-16');
    await ingest(BODACC_EXPORT_1, '2026-11-16');
  });
  after(() => t.stop());

  it('serves a company’s notices of the real sample newest first, with the spec’s members', async () => {
    const { res, body } = await get(GANYMEDE, '2021-01-01');
    expect(res.status).to.equal(200);
    expect(body).to.include({ siren: GANYMEDE, denomination: 'Ganymède', depuis: '2021-01-01' });
    expect(ids(body)).to.deep.equal(['B20220227446', 'C202200902528', 'C202101554392']);
    const first = body.nouveaux_evenements_bodacc.annonces[0];
    expect(first).to.deep.equal({
      id: 'B20220227446',
      date_parution: '2022-11-23',
      type_avis: 'annonce',
      tribunal: 'GAAAreffe du Tribunal de Commerce de Paris',
      jugement: null,
      publication: 'BODACC B',
      famille: 'radiation',
      avis_precedent: null,
    });
    expect(body.nouveaux_evenements_bodacc).to.include({ nombre: 3, nombre_total: 3, tronque: false });
    expect(body.provenance[0]).to.include({ registre: 'fr.bodacc', version: '2026-11-16' });
    expect(body.provenance[0]).not.to.have.property('empreinte_sha256');
  });

  it('names Sirene in its provenance beside BODACC, since it reports the Sirene stock version', async () => {
    const { body } = await get(GANYMEDE, '2021-01-01');
    expect(body.provenance.map((p: Body) => p.registre)).to.deep.equal(['fr.bodacc', 'fr.sirene']);
    expect(body.citation).to.contain('Sirene');
  });

  it('an unknown SIREN is 404, as on the profile', async () => {
    const { res, body } = await get('552100554', '2026-01-01');
    expect(res.status).to.equal(404);
    expect(body.error).to.equal('entreprise_inconnue');
  });

  it('a sole proprietor is refused with 400 entreprise_individuelle_non_couverte, and not named', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${SOLE_TRADER}/changements?depuis=2000-01-01`);
    const text = await res.text();
    expect(res.status).to.equal(400);
    expect(JSON.parse(text)).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(text).not.to.match(/WATTEBLED|GEORGES/i);
  });

  it('counts only the notices published on or after depuis', async () => {
    const { body } = await get(GANYMEDE, '2022-05-08');
    expect(ids(body)).to.deep.equal(['B20220227446', 'C202200902528']);
  });

  it('serves a rectificatif in place of the notice it corrects, with its normalised judgment date', async () => {
    const { body } = await get(SUCRERIES, '2025-01-01');
    expect(ids(body)).not.to.include('A202500451402');
    const rectificatif = body.nouveaux_evenements_bodacc.annonces.find(
      (a: { id: string }) => a.id === 'A20250051877',
    );
    expect(rectificatif).to.deep.include({ type_avis: 'rectificatif', avis_precedent: 'A202500451402' });
    expect(rectificatif.jugement).to.deep.equal({
      type: 'rectificatif',
      famille: "Jugement d'ouverture",
      nature: "Jugement d'ouverture d'une procédure de redressement judiciaire",
      date: '2025-03-05',
    });
  });

  it('a notice cancelled by a later annulation is no longer served, nor is the annulation', async () => {
    const before = await get(SUCRERIES, '2026-07-01');
    expect(ids(before.body)).to.include('A20260140310');
    await ingest(BODACC_EXPORT_2, '2026-11-20');
    const after = await get(SUCRERIES, '2026-07-01');
    expect(ids(after.body)).not.to.include('A20260140310');
    expect(ids(after.body)).not.to.include('A2026022158');
    expect(ids(after.body)).to.deep.equal(['C202601904410']);
  });

  it('says whether a Sirene identity stock newer than depuis is held, from projection state', async () => {
    const without = await get(SUCRERIES, '2026-10-15');
    expect(without.body.changements_fiche).to.deep.equal({
      disponible: false,
      version_stock_courant: '2026-10-15',
    });
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      { version: '2026-11-01', extraUnits: [GANYMEDE_UNIT] },
    );
    await t.service.runner.caughtUp();
    const newer = await get(SUCRERIES, '2026-10-01');
    expect(newer.body.changements_fiche).to.deep.equal({
      disponible: true,
      version_stock_courant: '2026-11-01',
    });
    const older = await get(SUCRERIES, '2026-11-15');
    expect(older.body.changements_fiche).to.deep.equal({
      disponible: false,
      version_stock_courant: '2026-11-01',
    });
  });

  it('a company with no notice gets an empty list, and its name from Sirene', async () => {
    const { res, body } = await get('005420021', '2026-01-01');
    expect(res.status).to.equal(200);
    expect(body.nouveaux_evenements_bodacc).to.include({ nombre: 0, nombre_total: 0, tronque: false });
    expect(body.denomination).to.equal('ETABLISSEMENTS LUCIEN BIQUEZ');
  });

  describe('bad input is refused with 400 before anything is read', () => {
    for (const [url, champ] of [
      ['/v1/entreprise/880878146/changements?depuis=2026-01-01', 'siren'],
      ['/v1/entreprise/880878145/changements', 'depuis'],
      ['/v1/entreprise/880878145/changements?depuis=2026-02-30', 'depuis'],
      ['/v1/entreprise/880878145/changements?depuis=01/02/2026', 'depuis'],
      ['/v1/entreprise/880878145/changements?depuis=2026-01-01&depuiss=1', 'depuiss'],
    ] as const) {
      it(`${url} → 400 on ${champ}`, async () => {
        const res = await fetch(`${t.baseUrl}${url}`);
        expect(res.status).to.equal(400);
        expect(((await res.json()) as Body).champ).to.equal(champ);
      });
    }
  });

  describe('the one-hour cache per (siren, depuis)', () => {
    it('serves the same answer again within the hour, then reads afresh after it', async () => {
      const first = await get(GANYMEDE, '2020-01-01');
      expect(first.res.headers.get('x-cache')).to.equal('MISS');
      // Behind the projection's back: only the cache can still show this notice.
      await t.db.knex.raw('delete from fr_bodacc_annonce_sirens where siren = ? and annonce_id = ?', [
        GANYMEDE,
        'C202101554392',
      ]);
      clock = new Date(clock.getTime() + 59 * 60_000);
      const cached = await get(GANYMEDE, '2020-01-01');
      expect(cached.res.headers.get('x-cache')).to.equal('HIT');
      expect(ids(cached.body)).to.include('C202101554392');
      clock = new Date(clock.getTime() + 2 * 60_000);
      const fresh = await get(GANYMEDE, '2020-01-01');
      expect(fresh.res.headers.get('x-cache')).to.equal('MISS');
      expect(ids(fresh.body)).not.to.include('C202101554392');
    });

    it('is keyed by depuis as well as siren', async () => {
      await get(GANYMEDE, '2019-01-01');
      const other = await get(GANYMEDE, '2019-01-02');
      expect(other.res.headers.get('x-cache')).to.equal('MISS');
    });

    it('is invalidated as soon as the projection advances', async () => {
      const first = await get(SUCRERIES, '2019-06-01');
      await get(SUCRERIES, '2019-06-01').then((r) => expect(r.res.headers.get('x-cache')).to.equal('HIT'));
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bodacc-'));
      const file = path.join(dir, 'export.jsonl');
      const notice = JSON.parse((await fs.readFile(BODACC_EXPORT_1, 'utf8')).split('\n')[5]!);
      Object.assign(notice, {
        id: 'C202602304999',
        parution: '20260230',
        numeroannonce: 4999,
        dateparution: '2026-11-21',
      });
      await fs.writeFile(file, `${JSON.stringify(notice)}\n`);
      await ingest(file, '2026-11-21');
      await fs.rm(dir, { recursive: true, force: true });
      const after = await get(SUCRERIES, '2019-06-01');
      expect(after.res.headers.get('x-cache')).to.equal('MISS');
      expect(ids(after.body)[0]).to.equal('C202602304999');
      expect(after.body.nouveaux_evenements_bodacc.nombre).to.equal(
        first.body.nouveaux_evenements_bodacc.nombre + 1,
      );
    });
  });
});
