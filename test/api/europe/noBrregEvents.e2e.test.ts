import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ingestNoBrreg } from '../../../ingest/no-brreg/ingestNoBrreg.ts';
import { ingestNoBrregUpdates } from '../../../ingest/no-brreg/ingestNoBrregUpdates.ts';
import { NO_EVENTS } from '../../../projections/no-brreg/noBrregEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  BRREG_ENHETER_SAMPLE,
  BRREG_UNDERENHETER_SAMPLE,
  getJson,
  startEuropeService,
} from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const feed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/no-brreg/oppdateringer',
);
const FILES = {
  oppdateringer: ['enheter-side-1.json', 'enheter-side-0.json', 'underenheter-side-0.json'].map((f) =>
    path.join(feed, f),
  ),
  enheter: [path.join(feed, 'enheter-dokumenter.json')],
};

describe(`Norway: a company's event journal from the update feed (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const ctx = () => ({ knex: t.db.knex, store: t.service.store, logger: testLogger });
  const events = async (id: string) => {
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/${id}/evenements`);
    return { res, body: body as Json };
  };

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestNoBrreg({
      ...ctx(),
      files: { enheter: BRREG_ENHETER_SAMPLE, underenheter: BRREG_UNDERENHETER_SAMPLE },
      snapshotDate: '2026-11-18',
    });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('before any feed: an empty journal that claims nothing (aucun_evenement false, no coverage)', async () => {
    const { res, body } = await events('998543118');
    expect(res.status).to.equal(200);
    expect(body).to.include({
      pays: 'NO',
      id_national: '998543118',
      nombre_evenements: 0,
      aucun_evenement: false,
    });
    expect(body.couverture).to.deep.equal({ depuis: null, jusqu_au: null });
  });

  describe('after the feed', () => {
    before(async () => {
      await ingestNoBrregUpdates({ ...ctx(), files: FILES });
      await t.service.runner.caughtUp();
    });

    it('a name and address change: one event, its fields, the feed’s date and number', async () => {
      const { body } = await events('998543118');
      const change = body.evenements.find((e: Json) => e.oppdateringsid === 24720423);
      expect(change).to.deep.include({
        famille: 'changement',
        type: 'changement_denomination',
        type_source: 'Endring',
        date: '2026-11-19',
        date_effet: null,
      });
      expect(change.champs).to.include.members(['navn', 'forretningsadresse.adresse']);
      expect(body.couverture.depuis).to.match(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('a unit put under winding up: liquidation_volontaire, dated by underAvviklingDato', async () => {
      const { body } = await events('919950757');
      expect(body.evenements[0]).to.deep.include({
        famille: 'liquidation',
        type: 'liquidation_volontaire',
        date_effet: '2026-11-18',
      });
      expect(body.aucun_evenement).to.equal(false);
    });

    it('a new unit (Ny): its registration, dated by the register', async () => {
      const { body } = await events('999000010');
      expect(body.evenements.map((e: Json) => [e.famille, e.type, e.type_source])).to.deep.equal([
        ['immatriculation', 'inscription', 'Ny'],
      ]);
    });

    it('a unit the feed did not touch: aucun_evenement true, measured since the feed’s first entry', async () => {
      const { body } = await events('993049166');
      expect(body).to.include({ nombre_evenements: 0, aucun_evenement: true });
      expect(body.couverture.depuis).to.not.equal(null);
    });

    it('refuses a malformed organisation number (400), and a unit the register does not hold is 404', async () => {
      expect((await events('99854311')).res.status).to.equal(400);
      expect((await events('999999999')).res.status).to.equal(404);
    });

    it('9 digits failing the modulus-11 check digit are a 400 on champ id, on the profile and the journal', async () => {
      // 999000012: the check digit of 99900001 is 0.
      for (const p of ['', '/evenements']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/999000012${p}`);
        expect([res.status, body.error, body.champ], p).to.deep.equal([400, 'parametre_invalide', 'id']);
        expect(body.message, p).to.contain('modulo 11');
      }
    });

    it('a rebuilt journal equals the one kept up to date', async () => {
      const table = async () =>
        (await t.db.knex.raw(`select * from ${NO_EVENTS} order by orgnr, oppdateringsid`)).rows;
      const kept = await table();
      expect(kept.length).to.be.greaterThan(3);
      await t.service.runner.rebuild('no-brreg-evenements');
      expect(await table()).to.deep.equal(kept);
    });
  });
});
