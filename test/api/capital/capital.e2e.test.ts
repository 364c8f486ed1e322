import { expect } from 'chai';
import { capitalRoute } from '../../../api/routes/capital.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { euLiveProjection } from '../../../projections/eu-live/euLiveProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RNE_COMPANIES,
} from '../../ingest/fr-rne/rneRecordings.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { BODACC_CAPITAL, BODACC_EXPORT_1 } from '../../support/gazetteFixtures.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample, namedUnit, unnamedUnit } from '../../support/sireneSample.ts';

/** A SIREN no recording names, which the Sirene copy holds as a sole proprietor. */
const SOLE_PROPRIETOR_PER_SIRENE = '732829320';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

/** The BODACC notices the route reads (a pass of fr.bodacc: without one, every answer is 503 collecte_en_cours). */
async function ingestNotices(t: RunningService) {
  const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
  for (const file of [BODACC_EXPORT_1, BODACC_CAPITAL])
    await ingestBodaccExport({ ...deps, file, date: '2026-11-20' });
}

const composition = {
  projections: [unitesLegalesProjection, bodaccAnnoncesProjection, euLiveProjection],
  routes: [capitalRoute],
  registers: REGISTERS,
  payment: false as const,
};

describe(`GET /v1/entreprise/{siren}/capital from the RNE, BODACC and GLEIF (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let rne: ReplayServer;
  const fail = new Map<string, ReplayAnswer>();
  const get = async (siren: string) => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${siren}/capital`);
    return { res, text: await res.text() };
  };

  before(async () => {
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, fail));
    t = await startTestService({
      ...composition,
      frenchLiveSources: FRENCH_LIVE_SOURCES,
      liveUrls: { [FR_RNE_REGISTER]: rne.url },
      liveCredentials: { [FR_RNE_REGISTER]: 'rne-user@example.org:s3cret' },
      livePolicy: { timeoutMs: 1500, breaker: { failures: 50, halfOpenAfterMs: 300 } },
    });
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: '2026-11-20',
        extraUnits: [
          namedUnit(RNE_COMPANIES.danone.siren, 'DANONE'),
          namedUnit(RNE_COMPANIES.sci.siren, 'SCI DU RNE'),
          // Its filings list is recorded (constructed, ingest/fr-rne/live/SOURCE.txt), its company answer is not.
          namedUnit('535113062', 'LA CORDEE'),
          // The RNE's recorded 404: a company it does not hold.
          namedUnit('317236248', 'INCONNUE DU RNE'),
          // A sole proprietor per Sirene (legal category 1000): refused before the RNE is asked.
          unnamedUnit(SOLE_PROPRIETOR_PER_SIRENE, '1000'),
        ],
      },
    );
    await ingestNotices(t);
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t?.stop();
    await rne?.close();
  });

  it('serves Danone’s capital exactly, in integer cents and as written, with its currency', async () => {
    const { res, text } = await get(RNE_COMPANIES.danone.siren);
    expect(res.status, text).to.equal(200);
    const body: Json = JSON.parse(text);
    expect(body.capital).to.deep.equal({
      montant_centimes: 17034862075,
      montant: '170348620.75',
      devise: 'EUR',
      variable: false,
    });
    expect(body).to.include({ siren: RNE_COMPANIES.danone.siren, connu_du_rne: true });
  });

  it('dates the RNE’s two capital changes, newest first, without inventing an amount', async () => {
    const body: Json = JSON.parse((await get(RNE_COMPANIES.danone.siren)).text);
    expect(body.historique.map((h: Json) => [h.source, h.date, h.evenement, h.numero_liasse])).to.deep.equal([
      ['rne', '2025-06-16', '15M', 'J00154440796'],
      ['rne', '2025-05-22', '15M', 'J00148135015'],
    ]);
    expect(body.historique[0]).to.not.have.property('montant_centimes');
    expect(body.listes_bornees.historique).to.deep.equal({
      nombre_total: 2,
      tronque: false,
      total_borne_basse: false,
    });
  });

  it('cites the RNE observation it read, and states the holders are a partial list', async () => {
    const body: Json = JSON.parse((await get(RNE_COMPANIES.danone.siren)).text);
    expect(body.provenance.map((p: Json) => p.registre)).to.include(FR_RNE_REGISTER);
    const rneEntry = body.provenance.find((p: Json) => p.registre === FR_RNE_REGISTER);
    expect(rneEntry.url).to.equal(`${rne.url}/api/companies/${RNE_COMPANIES.danone.siren}`);
    expect(body.detenteurs.exhaustivite).to.equal('partielle');
    expect(body.citation).to.be.a('string');
  });

  it('names the SCI’s legal-person associates by SIREN and counts its natural-person ones', async () => {
    const body: Json = JSON.parse((await get(RNE_COMPANIES.sci.siren)).text);
    const morales = body.detenteurs.associes_personnes_morales;
    expect(morales.length).to.be.greaterThan(0);
    for (const m of morales) {
      expect(m.siren).to.match(/^\d{9}$/);
      expect(m.fonction).to.match(/associ/i);
    }
    expect(body.detenteurs.associes_personnes_physiques.nombre).to.be.a('number');
    expect(body.capital.montant_centimes).to.equal(2301110000);
  });

  for (const company of [RNE_COMPANIES.danone, RNE_COMPANIES.sci, RNE_COMPANIES.holding]) {
    it(`never serves a natural person’s name, birth date or address (${company.siren})`, async () => {
      const { res, text } = await get(company.siren);
      expect(res.status).to.equal(200);
      expect(leakedValues(text, naturalPersonValues(company.file)), LEAKS).to.deep.equal([]);
    });
  }

  it('the RNE failing is 503 amont_indisponible, never a capital left empty', async () => {
    fail.set('005420120', { status: 500, body: 'boom', contentType: 'text/plain' });
    try {
      const res = await fetch(`${t.baseUrl}/v1/entreprise/005420120/capital`);
      const body: Json = await res.json();
      expect(res.status).to.equal(503);
      expect(body).to.include({ error: 'amont_indisponible', registre: FR_RNE_REGISTER });
    } finally {
      fail.clear();
    }
  });

  it('a capital read within the day is served again without asking the RNE', async () => {
    // Only this company's questions are counted: a retry of an earlier test's failed call may still land.
    const askedFor = () => rne.requests.filter((r) => r.url.includes(RNE_COMPANIES.holding.siren)).length;
    const asked = askedFor();
    expect(asked).to.be.greaterThan(0);
    const { res } = await get(RNE_COMPANIES.holding.siren);
    expect(res.status).to.equal(200);
    expect(askedFor()).to.equal(asked);
  });

  it('lists the filed articles that may hold the shareholding, with their download route', async () => {
    const body: Json = JSON.parse((await get('535113062')).text);
    expect(body.documents_detention).to.deep.equal({
      etat: 'renseigne',
      actes: [
        {
          id: '63df98a28eded29cb31823ee',
          libelle: body.documents_detention.actes[0].libelle,
          date_depot: '2018-04-10',
          telechargement: '/v1/documents/actes/63df98a28eded29cb31823ee ($0.10)',
        },
      ],
    });
    expect(body.documents_detention.actes[0].libelle).to.match(/statuts/i);
  });

  it('a filings list the RNE cannot give is stated indisponible, the capital still served', async () => {
    fail.set('/attachments', { status: 500, body: 'boom', contentType: 'text/plain' });
    try {
      // A company no earlier test read (its filings list is not kept from before).
      const { res, text } = await get('317236248');
      expect(res.status, text).to.equal(200);
      const body: Json = JSON.parse(text);
      expect(body.documents_detention).to.include({ etat: 'indisponible' });
      expect(body.connu_du_rne).to.equal(false);
    } finally {
      fail.clear();
    }
  });

  it('a company Sirene does not hold is read from the RNE alone, its name not served', async () => {
    const { res, text } = await get(RNE_COMPANIES.holding.siren);
    expect(res.status, text).to.equal(200);
    const body: Json = JSON.parse(text);
    expect(body).to.include({ siren: RNE_COMPANIES.holding.siren, denomination: null, connu_du_rne: true });
    expect(body.capital.montant_centimes).to.equal(948241208800);
  });

  it('a sole trader per the RNE is 400 entreprise_individuelle_non_couverte, never charged', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${RNE_COMPANIES.soleTrader.siren}/capital`);
    const body: Json = await res.json();
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(
      leakedValues(JSON.stringify(body), naturalPersonValues(RNE_COMPANIES.soleTrader.file)),
    ).to.deep.equal([]);
  });

  it('a SIREN the Sirene copy refuses is refused without asking the RNE (no quota spent)', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/${SOLE_PROPRIETOR_PER_SIRENE}/capital`);
    const body: Json = await res.json();
    expect(res.status).to.equal(400);
    expect(body).to.include({ error: 'entreprise_individuelle_non_couverte', champ: 'siren' });
    expect(rne.requests.filter((r) => r.url.includes(SOLE_PROPRIETOR_PER_SIRENE))).to.deep.equal([]);
  });

  it('a company neither Sirene nor the RNE holds is 404 entreprise_inconnue', async () => {
    // 356000000 (La Poste) is in neither the Sirene sample nor the RNE recordings (the replay answers 404).
    const res = await fetch(`${t.baseUrl}/v1/entreprise/356000000/capital`);
    expect(res.status).to.equal(404);
    expect(((await res.json()) as Json).error).to.equal('entreprise_inconnue');
  });

  it('a company the RNE does not hold has no capital (null), and says so', async () => {
    const { res, text } = await get('317236248');
    expect(res.status, text).to.equal(200);
    const body: Json = JSON.parse(text);
    expect(body).to.include({ connu_du_rne: false, capital: null });
    expect(body.historique).to.deep.equal([]);
  });
});

describe(`GET /v1/entreprise/{siren}/capital without RNE credentials (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startTestService({ ...composition, frenchLiveSources: FRENCH_LIVE_SOURCES });
    await ingestSireneSample({ knex: t.db.knex, store: t.service.store }, { version: '2026-11-20' });
    await ingestNotices(t);
    await t.service.runner.caughtUp();
  });
  after(() => t?.stop());

  it('is 503 registre_non_configure: the RNE is not down, it is not configured here', async () => {
    const res = await fetch(`${t.baseUrl}/v1/entreprise/005420120/capital`);
    const body: Json = await res.json();
    expect(res.status).to.equal(503);
    expect(body.error).to.equal('registre_non_configure');
  });
});
