import { expect } from 'chai';
import { entityHistory } from '../../../projections/core/entityHistory.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { seBolagsverketProjection } from '../../../projections/se-bolagsverket/seBolagsverketProjection.ts';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

/** What identifies the sole trader of the constructed file: never logged, never served. */
const SOLE_TRADER = ['Anna Testperson', 'Testperson Bygg', '196406253432', '6406253432', 'Hemvägen', 'UMEÅ'];

async function logText(t: RunningService): Promise<string> {
  const { rows } = await t.db.knex.raw(
    `select string_agg(data::text || metadata::text, '\n') as s from events`,
  );
  return String(rows[0].s ?? '');
}

describe(`Sweden, Bolagsverket bulk file as a local copy (e2e, ${targetDescription})`, () => {
  describe('before the first pass', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    });
    after(() => t.stop());

    it('the profile is a 503 collecte_en_cours', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/5560012402`);
      expect([res.status, body.error, body.registre]).to.deep.equal([
        503,
        'collecte_en_cours',
        'se.bolagsverket',
      ]);
    });
  });

  describe('a snapshot 22 days old', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
      await ingestEurope(t, '2026-10-29', ['SE']);
    });
    after(() => t.stop());

    it('is past the contract’s 21 days: 503 photo_perimee, and the search sets Sweden aside', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/5560012402`);
      expect(res.status).to.equal(503);
      expect(body).to.include({
        error: 'photo_perimee',
        registre: 'se.bolagsverket',
        seuil_jours: 21,
        age_jours: 22,
      });
      const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=nordsken`);
      expect(search.body.registres_muets).to.deep.include({
        pays: 'SE',
        registre: 'se.bolagsverket',
        motif: 'photo_perimee',
      });
    });
  });

  describe('a snapshot 2 days old', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
      await ingestEurope(t, '2026-11-18', ['SE']);
    });
    after(() => t.stop());

    it('serves an aktiebolag: company name before its other names, form label, seat with town before postcode', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/5560012402`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'SE',
        registre: 'Bolagsverket',
        id_national: '5560012402',
        denomination: 'Exempelbolaget Nordsken AB',
        forme_juridique: { code: 'AB', libelle: 'Aktiebolag' },
        statut: 'actif',
        statut_detail: null,
        date_creation: '1987-03-12',
        adresse_siege: { adresse: 'Box 5305', code_postal: '10247', ville: 'STOCKHOLM', pays: 'SE' },
        identifiants: { tva: null, lei: null },
      });
      expect(body.provenance[0]).to.include({ registre: 'se.bolagsverket', version: '2026-11-18' });
    });

    it('keeps a stray quote and doubled quotes of the description as published, and merges two rows of one number', async () => {
      // The first pass recorded it in a block event: its history reads its row there.
      const history = await entityHistory(t.db.knex, t.service.store, {
        register: 'se.bolagsverket',
        kind: 'organisation',
        id: '5560012402',
        streamId: 'se.bolagsverket-organisation-5560012402',
      });
      const rows = history.map((e) => ({ r: (e.data as { record: Record<string, unknown> }).record }));
      expect(rows).to.have.length(1);
      expect(rows[0]!.r.verksamhetsbeskrivning).to.equal(
        'Bolaget ska bedriva handel med 12" rör och "verktyg" samt därmed förenlig verksamhet.',
      );
      expect(rows[0]!.r.organisationsnamn).to.equal(
        'Exempelbolaget Nordsken AB$FORETAGSNAMN-ORGNAM$1987-03-12|Nordsken Trading$SARS_FORNAMN-ORGNAM$1999-01-01$Handel med verktyg',
      );
    });

    it('an ongoing liquidation is en_cessation with its label; the official address order is read too', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/9696123455`);
      expect(body).to.deep.include({
        statut: 'en_cessation',
        statut_detail: 'Likvidation',
        forme_juridique: { code: 'HB', libelle: 'Handelsbolag' },
        adresse_siege: {
          adresse: 'c/o Exempel, Storgatan 1',
          code_postal: '41101',
          ville: 'GÖTEBORG',
          pays: 'SE',
        },
      });
    });

    it('a deregistered company is radie with the reason’s label', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/5569876542`);
      expect(body).to.include({
        statut: 'radie',
        statut_detail: 'Konkurs',
        denomination: 'Avvecklat Exempel AB',
      });
    });

    it('reads a bankruptcy written code$date, a NUL character and a line break inside a field', async () => {
      const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/5561112227`);
      expect(body).to.include({
        denomination: 'Konkursexempel AB',
        statut: 'en_cessation',
        statut_detail: 'Konkurs',
        date_creation: '2012-11-20',
      });
    });

    it('a closed procedure (undocumented -AVSLAVOMFO) does not wind up; the placeholder null is no date', async () => {
      const stiftelse = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/8024005558`);
      expect(stiftelse.body).to.include({
        denomination: 'Stiftelsen Exempelfonden',
        statut: 'actif',
        statut_detail: 'Företagsrekonstruktion',
      });
      const brf = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/7164203338`);
      expect(brf.body).to.include({
        date_creation: null,
        denomination: 'Bostadsrättsföreningen Exempelgården',
      });
    });

    it('a number whose Luhn digit fails is a 400 parametre_invalide and is not read from the file; 556001-2402 is read', async () => {
      for (const id of ['5560012403', '556001-2403', '196406253432']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/${id}`);
        expect([res.status, body.error], id).to.deep.equal([400, 'parametre_invalide']);
      }
      expect(await logText(t)).not.to.include('Felnummer');
      const hyphen = await getJson(`${t.baseUrl}/v1/eu/entreprise/SE/556001-2402`);
      expect([hyphen.res.status, hyphen.body.id_national]).to.deep.equal([200, '5560012402']);
    });

    it('the search finds an organisation by name and by number', async () => {
      const byName = await getJson(`${t.baseUrl}/v1/eu/recherche?q=Exempelfonden&pays=SE`);
      expect(byName.res.status).to.equal(200);
      expect(byName.body.resultats[0]).to.include({ pays: 'SE', id_national: '8024005558' });
      expect(byName.body.pays_couverts).to.deep.equal([
        { pays: 'SE', registre: 'se.bolagsverket', mode: 'copie_locale', entites: 6 },
      ]);
      const byId = await getJson(`${t.baseUrl}/v1/eu/recherche?q=969612-3455`);
      expect(byId.body.resultats[0]).to.include({
        id_national: '9696123455',
        correspondance: 'identifiant_national',
      });
    });

    it('the sole trader is in no answer and not in the log, not even by number', async () => {
      const log = await logText(t);
      const answers = [
        await getJson(`${t.baseUrl}/v1/eu/recherche?q=Testperson`),
        await getJson(
          `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Anna Testperson Snickeri')}&pays=SE`,
        ),
        ...(await Promise.all(
          ['5560012402', '9696123455', '5569876542', '5561112227', '7164203338', '8024005558'].map((id) =>
            getJson(`${t.baseUrl}/v1/eu/entreprise/SE/${id}`),
          ),
        )),
      ]
        .map((a) => a.text)
        .join('\n');
      for (const s of SOLE_TRADER) {
        expect(log, s).not.to.include(s);
        expect(answers, s).not.to.include(s);
      }
    });

    it('rebuilding the read model from the log gives the same table', async () => {
      const before = await tableChecksum(t.db.knex, seBolagsverketProjection.tables[0]!);
      await t.service.runner.rebuild(seBolagsverketProjection.name);
      expect(await tableChecksum(t.db.knex, seBolagsverketProjection.tables[0]!)).to.equal(before);
    });
  });
});
