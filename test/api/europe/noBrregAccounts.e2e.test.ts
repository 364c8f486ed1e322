import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ingestNoBrreg } from '../../../ingest/no-brreg/ingestNoBrreg.ts';
import { ingestNoRegnskap } from '../../../ingest/no-brreg/ingestNoRegnskap.ts';
import { NO_ACCOUNTS } from '../../../projections/no-brreg/noBrregAccounts.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = any;

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/no-brreg/regnskap');
/** The real enheter sample plus the four companies whose recorded answers the fixture holds (SOURCE.txt). */
const ENHETER = path.join(dir, 'enheter_with_accounts.csv');
/** Four recorded answers of the open API, three constructed lines (SOURCE.txt). */
const REGNSKAP = path.join(dir, 'regnskap.jsonl');

/** A real sole proprietorship of the sample (its name is a person's); the fixture gives it accounts. */
const SOLE_TRADER = { id: '932819864', name: 'PINSEDAG THIABSAENG' };

describe(`Norway: a company's annual accounts from Regnskapsregisteret (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const ctx = () => ({ knex: t.db.knex, store: t.service.store, logger: testLogger });
  const comptes = async (id: string) => {
    const { res, text, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/NO/${id}/comptes`);
    return { res, text, body: body as Json };
  };

  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestNoBrreg({ ...ctx(), files: { enheter: ENHETER }, snapshotDate: '2026-11-18' });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('before any recording of the accounts register: 503 collecte_en_cours, never an empty answer', async () => {
    const { res, body } = await comptes('810202572');
    expect(res.status).to.equal(503);
    expect(body.error).to.equal('collecte_en_cours');
  });

  describe('after a recording of the open API', () => {
    before(async () => {
      await ingestNoRegnskap({ ...ctx(), file: REGNSKAP, snapshotDate: '2026-11-19' });
      await t.service.runner.caughtUp();
    });

    it('a recorded answer (small AS, NOK): the year, its flags, whole amounts as published', async () => {
      const { res, text, body } = await comptes('810202572');
      expect(res.status).to.equal(200);
      expect(body).to.include({
        pays: 'NO',
        id_national: '810202572',
        denomination: 'BORTIGARD AS',
        nombre_exercices: 1,
        dernier_exercice: '2024-12-31',
        photo: '2026-11-19',
        photo_le: '2026-11-19',
        licence: 'Norsk lisens for offentlige data (NLOD) 2.0',
      });
      const [year] = body.exercices;
      expect(year).to.deep.include({
        debut: '2024-01-01',
        fin: '2024-12-31',
        consolide: false,
        type_source: 'SELSKAP',
        depose_le: null,
        devise: 'NOK',
        comptes_de_liquidation: false,
        regles_petites_entreprises: true,
        id_source: 6193159,
        numero_journal: '2025694978',
      });
      expect(year.etats).to.deep.equal([
        {
          gabarit: { code: 'store', libelle: null },
          standard: { code: 'regnskapslovenAlminneligRegler', libelle: null },
        },
      ]);
      expect(year.revision).to.deep.equal({ non_revise: false, dispense_choisie: false });
      expect(year.bilan).to.deep.equal({
        actif_non_courant: 2973074,
        actif_courant: 3086673,
        total_actif: 6059747,
        immobilisations_corporelles: null,
        capitaux_propres: 5957114,
        dettes: 102633,
        capitaux_propres_apportes: 187981,
        capitaux_propres_acquis: 5769133,
        dettes_long_terme: 24168,
        dettes_court_terme: 78465,
        total_passif: 6059747,
      });
      expect(year.compte_resultat).to.deep.equal({
        chiffre_affaires: null,
        produits: 174012,
        charges_exploitation: 182611,
        resultat_exploitation: -8599,
        produits_financiers: 455732,
        charges_financieres: 250103,
        resultat_financier: 205629,
        resultat_avant_impot: 197030,
        resultat_net: 186155,
        resultat_global: null,
      });
      expect(year.autres_postes).to.deep.equal([]);
      // Integers on the wire: no amount is written with a fraction (the API's `6059747.0`).
      expect(text).not.to.match(/\d\.0[,}]/);
    });

    it('the answer stands on both registers: the accounts recording and the register copy', async () => {
      const { body } = await comptes('917082308');
      const registres = (body.provenance as Json[]).map((p) => [p.registre, p.date_photo]);
      expect(registres).to.have.deep.members([
        ['no.regnskap', '2026-11-19'],
        ['no.brreg', '2026-11-18'],
      ]);
      expect(body.citation).to.be.a('string');
      expect(body.exercices[0].bilan.total_actif).to.equal(245683000000);
      expect(body.exercices[0].compte_resultat.resultat_exploitation).to.equal(-15000000);
    });

    it('accounts in another currency keep it (devise USD), with the rules they follow', async () => {
      const { body } = await comptes('923609016');
      const [year] = body.exercices;
      expect(year.devise).to.equal('USD');
      expect(year.etats[0].standard.code).to.equal('forenkletAnvendelseIFRS');
      expect(year.bilan.total_actif).to.equal(109150000000);
      expect(year.compte_resultat.resultat_net).to.equal(8141000000);
    });

    it('no year served is 404 element_inconnu: unsupported layout (bank), answer 404, or never asked', async () => {
      for (const id of ['984851006', '998543118', '957338879']) {
        const { res, body } = await comptes(id);
        expect([id, res.status, body.error]).to.deep.equal([id, 404, 'element_inconnu']);
        expect(body.message).to.contain('ne dit pas que l’entreprise n’a pas de comptes');
      }
      expect((await comptes('984851006')).body.message).to.contain('(BANK)');
    });

    it('a malformed number or a wrong check digit is 400; a number the register does not hold is 404', async () => {
      for (const id of ['81020257', '810202573', '123456789']) {
        const { res, body } = await comptes(id);
        expect([id, res.status, body.error, body.champ]).to.deep.equal([id, 400, 'parametre_invalide', 'id']);
      }
      const unknown = await comptes('989795848');
      expect([unknown.res.status, unknown.body.error]).to.deep.equal([404, 'entreprise_inconnue']);
    });

    it('a sole proprietorship (ENK) is never served, as on the other Norwegian routes, and never kept', async () => {
      for (const route of ['comptes', 'evenements', '']) {
        const url = `${t.baseUrl}/v1/eu/entreprise/NO/${SOLE_TRADER.id}${route ? `/${route}` : ''}`;
        const { res, text, body } = await getJson(url);
        expect([route, res.status, body.error]).to.deep.equal([
          route,
          404,
          'entreprise_individuelle_non_servie',
        ]);
        expect(text).not.to.contain(SOLE_TRADER.name);
      }
      // Its recorded accounts were set aside at ingest: nothing of them is in the log or the read table.
      const { rows } = await t.db.knex.raw(
        `select count(*)::int as n from events where stream_id like 'no.regnskap-%' and data::text like ?`,
        [`%${SOLE_TRADER.id}%`],
      );
      expect(rows[0].n).to.equal(0);
      const kept = await t.db.knex.raw(`select id from ${NO_ACCOUNTS} order by id`);
      expect(kept.rows.map((r: { id: string }) => r.id)).to.deep.equal([
        '810202572',
        '917082308',
        '923609016',
        '984851006',
        '998543118',
      ]);
    });

    it('a later recording replaces the answers: a number it no longer holds is no longer served', async () => {
      const { writeFileSync, readFileSync, mkdtempSync, rmSync } = await import('node:fs');
      const os = await import('node:os');
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'no-regnskap-'));
      try {
        const file = path.join(tmp, 'regnskap.jsonl');
        const lines = readFileSync(REGNSKAP, 'utf8').split('\n');
        writeFileSync(file, `${lines.filter((l) => !l.includes('"orgnr":"917082308"')).join('\n')}`);
        await ingestNoRegnskap({ ...ctx(), file, snapshotDate: '2026-11-20' });
        await t.service.runner.caughtUp();
        expect((await comptes('917082308')).body.error).to.equal('element_inconnu');
        expect((await comptes('810202572')).body.photo).to.equal('2026-11-20');
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  });
});
