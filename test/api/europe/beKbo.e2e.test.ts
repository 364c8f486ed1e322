import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import Papa from 'papaparse';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { ingestBeKboUpdate } from '../../../ingest/be-kbo/ingestBeKboUpdate.ts';
import { BE_KBO_PROFILES, beKboProjection } from '../../../projections/be-kbo/beKboProjection.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, '../../fixtures/be-kbo');

/** Natural persons (TypeOfEnterprise 1) of the real extract, and every name their numbers carry. */
const enterprises = Papa.parse<Record<string, string>>(readFileSync(BE_KBO_DEMO_FILES.enterprise, 'utf8'), {
  header: true,
  skipEmptyLines: true,
}).data;
const naturalNumbers = enterprises.filter((e) => e.TypeOfEnterprise === '1').map((e) => e.EnterpriseNumber!);
const denominations = Papa.parse<Record<string, string>>(
  readFileSync(BE_KBO_DEMO_FILES.denomination, 'utf8'),
  { header: true, skipEmptyLines: true },
).data;
/** Names of natural persons, and establishment units' commercial names (some are a person's name). */
const PRIVATE_NAMES = [
  ...denominations
    .filter((d) => naturalNumbers.includes(d.EntityNumber!) || d.EntityNumber!.startsWith('2.'))
    .map((d) => d.Denomination!),
  'Doe-Testperson',
  'Geheimstraat',
  'Voorbeeldpersoon',
];

async function logText(t: RunningService): Promise<string> {
  const { rows } = await t.db.knex.raw(
    `select string_agg(data::text || metadata::text, '\n') as s from events`,
  );
  return String(rows[0].s ?? '');
}

describe(`Belgium, KBO/BCE open data as a local copy (e2e, ${targetDescription})`, () => {
  describe('before the first Full pass', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    });
    after(() => t.stop());

    it('the profile is a 503 collecte_en_cours, and a search of Belgium alone has no register to answer', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029025290`);
      expect([res.status, body.error, body.registre]).to.deep.equal([503, 'collecte_en_cours', 'be.kbo']);
      const search = await getJson(`${t.baseUrl}/v1/eu/recherche?q=stric&pays=BE`);
      expect(search.res.status).to.equal(503);
    });

    it('an update extract is refused before any Full pass', async () => {
      let failed = false;
      try {
        await ingestBeKboUpdate({
          knex: t.db.knex,
          store: t.service.store,
          logger: testLogger,
          dir: path.join(FIXTURES, 'real-update'),
        });
      } catch {
        failed = true;
      }
      expect(failed).to.equal(true);
    });
  });

  describe('after the Full pass of the real rows', () => {
    let t: RunningService;
    before(async () => {
      t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
      await ingestEurope(t, '2026-11-18', ['BE']);
    });
    after(() => t.stop());

    it('serves a legal person in the unified profile: name, form label, status, seat, register link', async () => {
      const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029025290`);
      expect(res.status).to.equal(200);
      expect(body).to.deep.include({
        pays: 'BE',
        registre: 'BCE/KBO',
        id_national: '1029025290',
        denomination: 'STRIC',
        forme_juridique: { code: '610', libelle: 'Société à responsabilité limitée' },
        statut: 'actif',
        statut_detail: 'Situation normale',
        date_creation: '2025-10-11',
        adresse_siege: {
          adresse: 'Vierselbaan 12 bte b',
          code_postal: '2240',
          ville: 'Zandhoven',
          pays: 'BE',
        },
        identifiants: { tva: null, lei: null },
        lien_registre:
          'https://kbopub.economie.fgov.be/kbopub/toonondernemingps.html?ondernemingsnummer=1029025290',
      });
      expect(body.provenance[0]).to.include({ registre: 'be.kbo', version: '2026-11-18' });
      expect(body.provenance[0].empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    });

    it('prefers the denomination (001) to the abbreviation, and takes the French municipality', async () => {
      const otman = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029026280`);
      expect(otman.body.denomination).to.equal('Otman CommV');
      const cap = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029028161`);
      expect(cap.body).to.deep.include({ denomination: 'Cap Horizons ASBL' });
      expect(cap.body.adresse_siege).to.deep.equal({
        adresse: 'Boulevard Louis Mettewie 60 bte 15',
        code_postal: '1080',
        ville: 'Molenbeek-Saint-Jean',
        pays: 'BE',
      });
      expect(cap.body.forme_juridique).to.deep.equal({
        code: '017',
        libelle: 'Association sans but lucratif',
      });
    });

    it('a number whose check (97 − n mod 97) fails is a 400 parametre_invalide; dotted and BE spellings are read', async () => {
      for (const id of ['1029025291', '1029.025.291', '102902529', 'BE1029025291']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${id}`);
        expect([res.status, body.error, body.champ], id).to.deep.equal([400, 'parametre_invalide', 'id']);
      }
      for (const id of ['1029.025.290', 'BE1029025290', 'be1029.025.290']) {
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${id}`);
        expect([res.status, body.id_national], id).to.deep.equal([200, '1029025290']);
      }
    });

    it('a natural person is not in the read side, not even as a row: 404 like an unknown number', async () => {
      for (const n of naturalNumbers) {
        const id = n.replace(/\./g, '');
        const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${id}`);
        expect([res.status, body.error], id).to.deep.equal([404, 'entreprise_inconnue']);
        const { rows } = await t.db.knex.raw(
          `select (select count(*) from ${BE_KBO_PROFILES} where id_national = ?)::int
                + (select count(*) from eu_be_kbo_lignes where id_national = ?)::int as n`,
          [id, id],
        );
        expect(rows[0].n, id).to.equal(0);
      }
    });

    it('the search finds a legal person by name and by number, never a natural person', async () => {
      const byName = await getJson(`${t.baseUrl}/v1/eu/recherche?q=KePiWrite&pays=BE`);
      expect(byName.res.status).to.equal(200);
      expect(byName.body.resultats[0]).to.include({
        pays: 'BE',
        id_national: '1029025686',
        denomination: 'KePiWrite',
        statut: 'actif',
        ville: 'Stekene',
        correspondance: 'denomination_exacte',
      });
      expect(byName.body.pays_couverts).to.deep.equal([
        { pays: 'BE', registre: 'be.kbo', mode: 'copie_locale', entites: 10 },
      ]);
      const byId = await getJson(`${t.baseUrl}/v1/eu/recherche?q=1029.028.458`);
      expect(byId.body.resultats[0]).to.include({
        id_national: '1029028458',
        correspondance: 'identifiant_national',
      });
      const person = await getJson(
        `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent('Callebaut Brenda')}`,
      );
      expect(person.body.resultats.filter((r: { pays: string }) => r.pays === 'BE')).to.deep.equal([]);
    });

    it('no natural person’s or establishment unit’s name is in the log or in any answer', async () => {
      const log = await logText(t);
      const answers = [
        ...(await Promise.all(
          enterprises.map((e) =>
            getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${e.EnterpriseNumber!.replace(/\./g, '')}`),
          ),
        )),
        await getJson(`${t.baseUrl}/v1/eu/recherche?q=Callebaut`),
        await getJson(`${t.baseUrl}/v1/eu/recherche?q=Ferrarelli&pays=BE`),
      ]
        .map((a) => a.text)
        .join('\n');
      for (const name of PRIVATE_NAMES) {
        expect(log, name).not.to.include(name);
        expect(answers, name).not.to.include(name);
      }
    });

    it('the real Update extract on top of the Full assembled from its inserts adds only the one left out', async () => {
      // The demo's Full leaves out 0872.480.059, which the extract re-inserts without its names (SOURCE.txt).
      const others = async () => {
        const { rows } = await t.db.knex.raw(
          `select md5(string_agg(t::text, E'\\n' order by t::text collate "C")) as s
             from ?? as t where id_national <> '0872480059'`,
          [BE_KBO_PROFILES],
        );
        return rows[0].s as string;
      };
      const before = await others();
      const done = await ingestBeKboUpdate({
        knex: t.db.knex,
        store: t.service.store,
        logger: testLogger,
        dir: path.join(FIXTURES, 'real-update'),
      });
      await t.service.runner.caughtUp();
      expect(done.counts).to.include({ recorded: 1, changed: 0, dropped: 0 });
      expect(await others()).to.equal(before);
      const added = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/0872480059`);
      expect([added.res.status, added.body.denomination]).to.deep.equal([200, null]);
    });

    describe('a constructed Update extract (deletes before inserts)', () => {
      before(async () => {
        await ingestBeKboUpdate({
          knex: t.db.knex,
          store: t.service.store,
          logger: testLogger,
          dir: path.join(FIXTURES, 'constructed-update'),
        });
        await t.service.runner.caughtUp();
      });

      it('a deleted and re-inserted enterprise takes its new situation (liquidation: en_cessation)', async () => {
        const { body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029025290`);
        expect(body).to.include({
          denomination: 'STRIC',
          statut: 'en_cessation',
          statut_detail: 'Dissolution volontaire – liquidation',
        });
      });

      it('an enterprise deleted without insert leaves the register; its names go with it', async () => {
        const { res } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029028458`);
        expect(res.status).to.equal(404);
        const { rows } = await t.db.knex.raw(
          `select count(*)::int as n from eu_be_kbo_lignes where id_national = '1029028458'`,
        );
        expect(rows[0].n).to.equal(0);
      });

      it('names and addresses follow their own deletes and inserts; a lost leading zero is restored', async () => {
        expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029026280`)).body.denomination).to.equal(
          'Otman Nieuw "CommV"',
        );
        expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/0872480059`)).body.denomination).to.equal(
          'Zéro Perdu SRL',
        );
        const moved = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029025785`);
        expect(moved.body.adresse_siege).to.deep.equal({
          adresse: null,
          code_postal: null,
          ville: null,
          pays: null,
        });
      });

      it('a placeholder start date (01-01-0001) is no date', async () => {
        expect((await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1029026082`)).body.date_creation).to.equal(
          null,
        );
      });

      it('the natural person the extract adds never enters the log nor the read side', async () => {
        const log = await logText(t);
        for (const s of [
          'Doe-Testperson',
          'Geheimstraat',
          '1030.000.141',
          '1030000141',
          'Voorbeeldpersoon',
        ]) {
          expect(log, s).not.to.include(s);
        }
        const { res } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1030000141`);
        expect(res.status).to.equal(404);
      });

      it('rebuilding the read model from the log gives the same tables', async () => {
        const tables = beKboProjection.tables;
        const before = await Promise.all(tables.map((table) => tableChecksum(t.db.knex, table)));
        await t.service.runner.rebuild(beKboProjection.name);
        const after = await Promise.all(tables.map((table) => tableChecksum(t.db.knex, table)));
        expect(after).to.deep.equal(before);
      });
    });

    describe('juridical forms that do not decide (a constructed Update extract)', () => {
      /** Invented names and streets of the enterprises whose form does not decide (fixtures SOURCE.txt). */
      const UNDECIDED: readonly (readonly [string, string | null, string, string])[] = [
        ['1030000240', '702', 'Maatschap Dokter Proefpersoon - Steekproef', 'Proefpersoonlaan'],
        ['1030000339', null, 'Vormloos Voorbeeldnaam', 'Vormloosstraat'],
        ['1030000438', '888', 'Code Inconnu Exemplenom', 'Rue Exemplenom'],
        ['1030000537', '030', 'Fictivus Etrangerus', 'Rue Etrangerus'],
      ];
      before(async () => {
        await ingestBeKboUpdate({
          knex: t.db.knex,
          store: t.service.store,
          logger: testLogger,
          dir: path.join(FIXTURES, 'constructed-forms-update'),
        });
        await t.service.runner.caughtUp();
      });

      it('a partnership without legal personality, no form, an unknown code, a foreign entity: 404 forme_juridique_non_servie, unnamed', async () => {
        for (const [id, code, name, street] of UNDECIDED) {
          for (const spelling of [id, `BE${id}`]) {
            const { res, body, text } = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/${spelling}`);
            expect([res.status, body.error, body.forme_code], spelling).to.deep.equal([
              404,
              'forme_juridique_non_servie',
              code,
            ]);
            expect(text, spelling).not.to.include(name);
            expect(text, spelling).not.to.include(street);
          }
        }
      });

      it('the search finds none of them, by name or by number; the control of the extract is served', async () => {
        for (const [id, , name, street] of UNDECIDED) {
          for (const q of [name, id, street]) {
            const { res, body, text } = await getJson(
              `${t.baseUrl}/v1/eu/recherche?q=${encodeURIComponent(q)}&pays=BE`,
            );
            expect([res.status, body.resultats], q).to.deep.equal([200, []]);
            expect(text, q).not.to.include(name);
          }
        }
        const control = await getJson(`${t.baseUrl}/v1/eu/entreprise/BE/1030000636`);
        expect([control.res.status, control.body.denomination]).to.deep.equal([200, 'Témoin Servi SA']);
      });

      it('the profile table keeps their number and form only', async () => {
        const { rows } = await t.db.knex.raw(
          `select id_national, denomination, adresse, ville, forme_code from ${BE_KBO_PROFILES}
            where id_national = any(?::text[]) order by id_national`,
          [UNDECIDED.map(([id]) => id)],
        );
        expect(rows).to.deep.equal(
          UNDECIDED.map(([id, code]) => ({
            id_national: id,
            denomination: null,
            adresse: null,
            ville: null,
            forme_code: code,
          })),
        );
      });
    });
  });
});
