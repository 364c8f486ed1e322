import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ENTREPRISE_ROUTES } from '../../../api/routes/entreprise.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { composeService, type Service } from '../../../app/server/composeService.ts';
import { ingestFrEgapro } from '../../../ingest/fr-egapro/ingestFrEgapro.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { ingestFrSiretIdcc } from '../../../ingest/fr-siret-idcc/ingestFrSiretIdcc.ts';
import { GLEIF_DEMO_DELTAS } from '../../../ingest/gleif/gleifDemo.ts';
import { ingestGleif } from '../../../ingest/gleif/ingestGleif.ts';
import { loadConfig } from '../../../ops/config.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { euLiveProjection } from '../../../projections/eu-live/euLiveProjection.ts';
import { egaproProjection } from '../../../projections/fr-egapro/egaproProjection.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { siretIdccProjection } from '../../../projections/fr-siret-idcc/siretIdccProjection.ts';
import { gleifProjection } from '../../../projections/gleif/gleifProjection.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RNE_COMPANIES,
} from '../../ingest/fr-rne/rneRecordings.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { ingestSireneSample, namedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const NOW = new Date('2026-11-21T09:00:00Z');
const PASS_DATE = '2026-11-20';

const UNITS = {
  danone: namedUnit(RNE_COMPANIES.danone.siren, 'DANONE'),
  sci: namedUnit(RNE_COMPANIES.sci.siren, 'SCI DU RNE'),
  laPoste: namedUnit('356000000', 'LA POSTE'),
  cochez: namedUnit('817727571', 'GROUPE COCHEZ'),
  funecap: namedUnit('524716610', 'FUNECAP HOLDING'),
  apiDeveloppement: namedUnit('469501852', 'API DEVELOPPEMENT'),
  xbFinances: namedUnit('538640400', 'X.B. FINANCES'),
  sansLei: namedUnit('552100554', 'SANS LEI'),
};

describe(`French profile members from RNE, Egapro, SIRET-IDCC and GLEIF, through HTTP (e2e, ${targetDescription})`, () => {
  let db: Database;
  let service: Service;
  let baseUrl: string;
  let dataDir: string;
  let rne: ReplayServer;
  const served: string[] = [];
  let clock = NOW;

  before(async () => {
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, new Map()));
    db = await freshDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-profile-members-'));
    const config = { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' };
    service = await composeService(db, config, testLogger, {
      projections: [
        unitesLegalesProjection,
        etablissementsProjection,
        egaproProjection,
        siretIdccProjection,
        gleifProjection,
        euLiveProjection,
      ],
      routes: ENTREPRISE_ROUTES,
      registers: REGISTERS,
      payment: false,
      rateLimits: false,
      servedLogFlushMs: 20,
      now: () => clock,
      liveRegisters: [],
      frenchLiveSources: FRENCH_LIVE_SOURCES,
      liveUrls: { [FR_RNE_REGISTER]: rne.url },
      liveCredentials: { [FR_RNE_REGISTER]: 'rne-user@example.org:s3cret' },
    });
    baseUrl = `http://127.0.0.1:${await service.listen(0, '127.0.0.1')}`;
    const deps = { knex: db.knex, store: service.store, logger: testLogger };
    await ingestSireneSample(deps, { version: PASS_DATE, extraUnits: Object.values(UNITS) });
    await ingestFrEgapro({
      ...deps,
      file: path.join(fixtures, 'fr-egapro/index-egalite-fh-utf8.csv'),
      snapshotDate: PASS_DATE,
    });
    await ingestFrSiretIdcc({
      ...deps,
      file: path.join(fixtures, 'fr-siret-idcc/siret-idcc_2019-04_sample.csv'),
      snapshotDate: PASS_DATE,
    });
    await ingestGleif({
      ...deps,
      files: {
        lei2: GLEIF_DEMO_DELTAS.lei2[1]!,
        rr: path.join(fixtures, 'gleif/rr-french-group.xml'),
        repex: path.join(fixtures, 'gleif/repex-french-group.xml'),
      },
      snapshotDate: PASS_DATE,
    });
    await service.runner.caughtUp();
  });
  after(async () => {
    await service?.close();
    await db?.close();
    await rne?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const profile = async (siren: string): Promise<Json> => {
    const res = await fetch(`${baseUrl}/v1/entreprise/${siren}`);
    const text = await res.text();
    served.push(text);
    expect(res.status, text).to.equal(200);
    return JSON.parse(text);
  };
  const registresOf = (body: Json) => body.provenance.map((p: { registre: string }) => p.registre);

  it('serves Danone’s officers from the RNE, a legal-person auditor named, natural persons by role only', async () => {
    const body = await profile(RNE_COMPANIES.danone.siren);
    expect(body.dirigeants).to.have.length(13);
    expect(body.dirigeants[0]).to.deep.equal({
      type: 'personne_physique',
      code_fonction: '53',
      fonction: 'Directeur Général',
      actif: true,
      code_fonction_secondaire: '65',
      fonction_secondaire: 'Administrateur',
    });
    expect(body.dirigeants).to.deep.include({
      type: 'personne_morale',
      code_fonction: '71',
      fonction: 'Commissaire aux comptes titulaire',
      actif: true,
      code_fonction_secondaire: null,
      fonction_secondaire: null,
      siren: '784824153',
      denomination: 'FORVIS MAZARS SA',
    });
    expect(registresOf(body)).to.include('fr.rne');
    expect(body.blocs_absents.map((b: Json) => b.bloc)).not.to.include('dirigeants');
  });

  it('never names, dates or locates a natural-person officer in any profile it serves', async () => {
    for (const company of [RNE_COMPANIES.danone, RNE_COMPANIES.sci]) {
      const text =
        served.find((s) => s.includes(`"siren":"${company.siren}"`)) ??
        JSON.stringify(await profile(company.siren));
      const values = naturalPersonValues(company.file);
      expect(values.length, company.siren).to.be.greaterThan(0);
      expect(leakedValues(text, values), LEAKS).to.deep.equal([]);
    }
  });

  it('serves La Poste’s Egapro index by year and its establishments’ collective agreements', async () => {
    const body = await profile('356000000');
    expect(body.index_egapro.slice(0, 2)).to.deep.equal([
      { annee: 2022, note: 94 },
      { annee: 2021, note: 94 },
    ]);
    expect(body.conventions_collectives).to.include('5516');
    expect(body.conventions_collectives_notes[0]).to.include({ idcc: null });
    expect(registresOf(body)).to.include.members(['fr.egapro', 'fr.siret-idcc']);
  });

  it('names a company absent from the complete Egapro and SIRET-IDCC files in blocs_absents, aucune_donnee', async () => {
    const body = await profile(UNITS.sansLei.siren);
    expect(body.index_egapro).to.equal(null);
    expect(body.conventions_collectives).to.equal(null);
    const reasons = Object.fromEntries(body.blocs_absents.map((b: Json) => [b.bloc, b.raison]));
    expect(reasons).to.include({ index_egapro: 'aucune_donnee', conventions_collectives: 'aucune_donnee' });
  });

  it('groupe_lei names the direct and ultimate parents with their relationship', async () => {
    const body = await profile(UNITS.cochez.siren);
    expect(body.groupe_lei).to.deep.include({ etat: 'renseigne', lei: '969500L8P8KWE3RVBJ28' });
    expect(body.groupe_lei.mere_directe).to.deep.include({
      etat: 'mere',
      lei: '9845002B9874D50A4531',
      relationship: {
        type: 'IS_DIRECTLY_CONSOLIDATED_BY',
        statut: 'ACTIVE',
        statut_enregistrement: 'PUBLISHED',
        debut: '2014-11-06',
      },
    });
    expect(body.groupe_lei.mere_ultime).to.deep.include({ etat: 'mere', lei: '9845002B9874D50A4531' });
    expect(registresOf(body)).to.include('gleif');
  });

  it('groupe_lei omits a natural-person parent: mere_omise, no LEI, no name, no country', async () => {
    const body = await profile(UNITS.funecap.siren);
    expect(body.groupe_lei.mere_directe).to.include({ etat: 'mere_omise', raison: 'personne_physique' });
    expect(body.groupe_lei.mere_directe).to.not.have.any.keys('lei', 'denomination', 'pays');
  });

  it('groupe_lei states each declared absence of parent with its reason', async () => {
    const natural = await profile(UNITS.apiDeveloppement.siren);
    expect(natural.groupe_lei.mere_directe).to.include({
      etat: 'absence_mere',
      declaration: 'NATURAL_PERSONS',
    });
    const nonPublic = await profile(UNITS.xbFinances.siren);
    expect(nonPublic.groupe_lei.mere_directe).to.include({ etat: 'absence_mere', declaration: 'NON_PUBLIC' });
  });

  it('groupe_lei is sans_objet for a company with no LEI', async () => {
    const body = await profile(UNITS.sansLei.siren);
    expect(body.groupe_lei).to.include({ etat: 'sans_objet', lei: null });
  });

  it('groupe_lei is indisponible, never null nor a 503, once the GLEIF copy is older than its threshold', async () => {
    clock = new Date('2026-11-26T09:00:00Z');
    try {
      const body = await profile(UNITS.cochez.siren);
      expect(body.groupe_lei).to.include({ etat: 'indisponible', mere_directe: null, mere_ultime: null });
      expect(registresOf(body)).not.to.include('gleif');
    } finally {
      clock = NOW;
    }
  });
});
