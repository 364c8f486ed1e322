import { expect } from 'chai';
import type { Knex } from 'knex';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { listeProjection } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { RATIOS_SAMPLE } from '../../api/lister/listerService.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { ingestSireneSample, readSireneSample } from '../../support/sireneSample.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

interface ListeRow {
  siren: string;
  denomination: string | null;
  forme: string;
  code_postal: string | null;
  commune: string | null;
  departement: string | null;
  date_cloture: string | null;
  type_bilan: string | null;
  ca: string | null;
  resultat_net: string | null;
  ebe: string | null;
  bfr_sur_ca: string | null;
}

async function row(knex: Knex, siren: string): Promise<ListeRow | undefined> {
  const { rows } = await knex.raw<{ rows: ListeRow[] }>(
    `select siren, denomination, forme, code_postal, commune, departement,
            to_char(date_cloture, 'YYYY-MM-DD') as date_cloture, type_bilan, ca, resultat_net, ebe, bfr_sur_ca
       from entreprises_liste where siren = ?`,
    [siren],
  );
  return rows[0];
}

describe(`Companies list projection (${targetDescription})`, function () {
  // Each test below projects one or two passes of the samples.
  this.timeout(300_000);
  let bed: TestBed;

  async function load(order: 'sirene-first' | 'ratios-first') {
    const deps = { knex: bed.knex, store: bed.store };
    const ratios = () =>
      ingestFrRatiosInpiBce({ ...deps, logger: testLogger, file: RATIOS_SAMPLE, snapshotDate: '2026-11-01' });
    if (order === 'ratios-first') await ratios();
    await ingestSireneSample(deps, { version: '2026-11-01' });
    if (order === 'sirene-first') await ratios();
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
    return runner;
  }

  async function openBed() {
    bed = await openTestBed([listeProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  }

  describe('after one pass of each register', () => {
    before(async function () {
      // Two passes projected on the embedded database: well under a minute alone, more on a busy machine.
      this.timeout(300_000);
      await openBed();
      await load('sirene-first');
    });
    after(() => bed.close());

    it('lists legal persons only: no sole proprietor, no indivision, whatever their state', async () => {
      const units = await readSireneSample('unite_legale');
      const { rows } = await bed.knex.raw<{ rows: { siren: string; forme: string }[] }>(
        'select siren, forme from entreprises_liste',
      );
      const legalPersons = units.filter((u) => /^[3-9]/.test(String(u.record.categorieJuridiqueUniteLegale)));
      expect(rows.map((r) => r.siren).sort()).to.deep.equal(legalPersons.map((u) => u.id).sort());
      expect(rows.some((r) => /^[12]/.test(r.forme))).to.equal(false);
      expect(await row(bed.knex, '000325175')).to.equal(undefined);
      expect(await row(bed.knex, '005540497')).to.equal(undefined);
    });

    it('takes the head office from the establishment flagged as such, with its département', async () => {
      // PROSPA: the unit names nic 00016, the 2024 establishments file flags 00081 as the head office.
      expect(await row(bed.knex, '005520242')).to.include({
        code_postal: '80510',
        commune: 'LONGPRE-LES-CORPS-SAINTS',
        departement: '80',
      });
      expect(await row(bed.knex, '005450093')).to.include({ departement: '04', code_postal: '04800' });
    });

    it('takes the last qualified accounts: company accounts before consolidated, no closing after the export', async () => {
      expect(await row(bed.knex, '005420120')).to.include({
        type_bilan: 'C',
        ca: '48000000',
        date_cloture: '2024-06-30',
      });
      expect(await row(bed.knex, '005520077')).to.include({ date_cloture: '2024-12-31', ca: '780000' });
      expect(await row(bed.knex, '005420021')).to.include({
        date_cloture: '2023-12-31',
        resultat_net: '42000',
      });
    });

    it('withholds the income statement of confidential accounts (null, never their figures or zeros)', async () => {
      expect(await row(bed.knex, '005520242')).to.include({
        date_cloture: '2022-12-31',
        ca: null,
        ebe: null,
        bfr_sur_ca: null,
        resultat_net: '-693623',
      });
    });

    it('keeps a published zero as zero and a company without accounts with nulls', async () => {
      expect(await row(bed.knex, '005520440')).to.include({ ca: '0', date_cloture: '2023-12-31' });
      expect(await row(bed.knex, '005480231')).to.include({
        ca: null,
        date_cloture: null,
        resultat_net: null,
      });
    });
  });

  describe('over several passes', () => {
    beforeEach(openBed);
    afterEach(() => bed.close());

    it('gives the same table whichever register arrives first', async () => {
      await load('sirene-first');
      const sireneFirst = await tableChecksum(bed.knex, 'entreprises_liste');
      await bed.close();
      await openBed();
      await load('ratios-first');
      expect(await tableChecksum(bed.knex, 'entreprises_liste')).to.equal(sireneFirst);
    });

    it('a rebuild replays the log into identical tables', async () => {
      const runner = await load('sirene-first');
      const before = await Promise.all(listeProjection.tables.map((t) => tableChecksum(bed.knex, t)));
      await runner.rebuild(listeProjection.name);
      await runner.caughtUp();
      const after = await Promise.all(listeProjection.tables.map((t) => tableChecksum(bed.knex, t)));
      expect(after).to.deep.equal(before);
      expect(await row(bed.knex, '005420021')).to.not.equal(undefined);
    });

    it('a head office that stops being one leaves the company without geography, not with a stale one', async () => {
      const runner = await load('sirene-first');
      await ingestSireneSample(
        { knex: bed.knex, store: bed.store },
        {
          version: '2026-12-01',
          edit: (r) =>
            r.id === '00552024200081' ? { ...r, record: { ...r.record, etablissementSiege: 'false' } } : r,
        },
      );
      await runner.caughtUp();
      expect(await row(bed.knex, '005520242')).to.include({
        code_postal: null,
        commune: null,
        departement: null,
      });
    });

    it('an undeclared association (9210) leaves the list, as the profile refuses it', async () => {
      const runner = await load('sirene-first');
      expect(await row(bed.knex, '005420021')).to.not.equal(undefined);
      await ingestSireneSample(
        { knex: bed.knex, store: bed.store },
        {
          version: '2026-12-01',
          edit: (r) =>
            r.id === '005420021'
              ? { ...r, record: { ...r.record, categorieJuridiqueUniteLegale: '9210' } }
              : r,
        },
      );
      await runner.caughtUp();
      expect(await row(bed.knex, '005420021')).to.equal(undefined);
      expect(await row(bed.knex, '005420120')).to.not.equal(undefined);
    });

    it('a company dropped from Sirene leaves the list at the next pass', async () => {
      const runner = await load('sirene-first');
      await ingestSireneSample(
        { knex: bed.knex, store: bed.store },
        { version: '2026-12-01', edit: (r) => (r.id.startsWith('005420021') ? null : r) },
      );
      await runner.caughtUp();
      expect(await row(bed.knex, '005420021')).to.equal(undefined);
      expect(await row(bed.knex, '005420120')).to.not.equal(undefined);
    });
  });
});
