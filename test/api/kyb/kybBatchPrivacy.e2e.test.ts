import { expect } from 'chai';
import { kybBatchRouteOf } from '../../../api/routes/kyb/kybBatchRoute.ts';
import { kybRouteOf } from '../../../api/routes/kyb/kybRoute.ts';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { RNE_RECORDINGS } from '../../../ingest/fr-rne/frRneLive.ts';
import { euLiveProjection } from '../../../projections/eu-live/euLiveProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { gleifProjection } from '../../../projections/gleif/gleifProjection.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RNE_COMPANIES,
} from '../../ingest/fr-rne/rneRecordings.ts';
import { targetDescription } from '../../support/database.ts';
import { recordedReplay } from '../../support/recordedLiveRegister.ts';
import { type ReplayServer, startReplayServer } from '../../support/replayServer.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample, namedUnit } from '../../support/sireneSample.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const NOW = new Date('2026-11-21T09:00:00Z');
const PASS_DATE = '2026-11-20';

/** A KYB without sanctions lists nor score model: what this suite reads is the officers' block. */
const NO_EXTRA = { screen: null, score: null };
const single = kybRouteOf(NO_EXTRA);
const batch = kybBatchRouteOf(single, NO_EXTRA);

describe(`POST /v1/kyb/batch never names a natural person (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  let rne: ReplayServer;

  before(async () => {
    rne = await startReplayServer(recordedReplay(RNE_RECORDINGS, new Map()));
    t = await startTestService({
      projections: [
        unitesLegalesProjection,
        etablissementsProjection,
        bodaccAnnoncesProjection,
        gleifProjection,
        euLiveProjection,
      ],
      routes: [single, batch],
      registers: REGISTERS,
      payment: false,
      now: () => NOW,
      frenchLiveSources: FRENCH_LIVE_SOURCES.filter((s) => s.info.register === FR_RNE_REGISTER),
      liveUrls: { [FR_RNE_REGISTER]: rne.url },
      liveCredentials: { [FR_RNE_REGISTER]: 'rne-user@example.org:s3cret' },
    });
    await ingestSireneSample(
      { knex: t.db.knex, store: t.service.store },
      {
        version: PASS_DATE,
        extraUnits: [
          namedUnit(RNE_COMPANIES.danone.siren, 'DANONE'),
          namedUnit(RNE_COMPANIES.sci.siren, 'SCI DU RNE'),
        ],
      },
    );
    await t.service.runner.caughtUp();
  });
  after(async () => {
    await t?.stop();
    await rne?.close();
  });

  it('counts natural-person officers by role and names, dates or locates none of them', async () => {
    const res = await fetch(`${t.baseUrl}/v1/kyb/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sirens: [RNE_COMPANIES.danone.siren, RNE_COMPANIES.sci.siren, RNE_COMPANIES.soleTrader.siren],
      }),
    });
    const text = await res.text();
    expect(res.status, text).to.equal(200);
    const body: Json = JSON.parse(text);
    const danone = body.resultats.find((r: Json) => r.siren === RNE_COMPANIES.danone.siren);
    expect(danone.dirigeants.personnes_physiques.nombre).to.be.greaterThan(0);
    expect(body.erreurs.map((e: Json) => e.siren)).to.deep.equal([RNE_COMPANIES.soleTrader.siren]);
    for (const company of [RNE_COMPANIES.danone, RNE_COMPANIES.sci, RNE_COMPANIES.soleTrader]) {
      const values = naturalPersonValues(company.file);
      expect(values.length, company.siren).to.be.greaterThan(0);
      expect(leakedValues(text, values), LEAKS).to.deep.equal([]);
    }
  });
});
