import { expect } from 'chai';
import { withLuhnDigit } from '../../../bench/sirene/generateSearchCompanies.ts';
import {
  runSnapshotPass,
  type SnapshotRow,
  snapshotPassMigrations,
} from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { rechercheProjection } from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import {
  type SearchOutcome,
  searchCompanies,
} from '../../../projections/fr-sirene-recherche/searchCompanies.ts';
import { CANDIDATE_CAP, SCORED_CANDIDATES } from '../../../projections/fr-sirene-recherche/searchStages.ts';
import {
  ETABLISSEMENT,
  FR_SIRENE_REGISTER,
  frSireneStreamOf,
  UNITE_LEGALE,
} from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

interface Company {
  name: string;
  etat?: 'A' | 'C';
  /** INSEE workforce band; 21 (50 to 99 employees) makes an active company notable. */
  tranche?: string | null;
}

/**
 * One Sirene pass of these companies (legal persons, each with its head office in a town of its own), projected;
 * returns their SIRENs in the same order.
 */
async function ingest(bed: TestBed, companies: Company[]): Promise<string[]> {
  const sirens: string[] = [];
  async function* rows(): AsyncGenerator<SnapshotRow> {
    for (const [i, c] of companies.entries()) {
      const siren = withLuhnDigit(String(30_000_000 + i * 7).padStart(8, '0'));
      const siret = withLuhnDigit(`${siren}0001`);
      sirens.push(siren);
      yield {
        kind: UNITE_LEGALE,
        id: siren,
        record: {
          siren,
          statutDiffusionUniteLegale: 'O',
          denominationUniteLegale: c.name,
          categorieJuridiqueUniteLegale: '5710',
          etatAdministratifUniteLegale: c.etat ?? 'A',
          trancheEffectifsUniteLegale: c.tranche ?? null,
          nicSiegeUniteLegale: siret.slice(9),
        },
      };
      yield {
        kind: ETABLISSEMENT,
        id: siret,
        record: {
          siren,
          siret,
          nic: siret.slice(9),
          statutDiffusionEtablissement: 'O',
          etablissementSiege: 'true',
          codePostalEtablissement: '44000',
          libelleCommuneEtablissement: townOf(siren),
        },
      };
    }
  }
  await runSnapshotPass({
    knex: bed.knex,
    store: bed.store,
    logger: testLogger,
    register: FR_SIRENE_REGISTER,
    version: '2026-11-01',
    snapshotDate: '2026-11-01',
    fileSha256: 'f'.repeat(64),
    rows: rows(),
    streamOf: frSireneStreamOf,
  });
  await bed.runner().catchUp();
  return sirens;
}

const townOf = (siren: string) => `VILLE ${siren}`;

const search = (bed: TestBed, text: string): Promise<SearchOutcome> =>
  searchCompanies(bed.knex, { text, identifier: null, limit: 10 });

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

describe(`searchCompanies: exact page, counts and scored candidates (${targetDescription})`, () => {
  let bed: TestBed;
  let sirens: string[];
  /** More approximate matches of CHENES than the rows a count reads (2 × CANDIDATE_CAP + 1): it is capped. */
  const approximateChenes = 2 * CANDIDATE_CAP + 10;
  before(async () => {
    bed = await openTestBed([rechercheProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    sirens = await ingest(bed, [
      // 12 exact matches of "SCI LES TILLEULS": small ceased ones first in the log, a large active one last.
      ...times(6, () => ({ name: 'SCI LES TILLEULS', etat: 'C' as const })),
      ...times(5, () => ({ name: 'SCI LES TILLEULS' })),
      { name: 'SCI LES TILLEULS', tranche: '53' },
      // 5 approximate matches of it (they hold TILLEULS among other words).
      ...times(5, (i) => ({ name: `RESIDENCE LES TILLEULS ${i + 1}` })),
      // 11 exact matches of "SCI LES CHENES", and more approximate ones than a count reads.
      ...times(11, () => ({ name: 'SCI LES CHENES' })),
      ...times(approximateChenes, (i) => ({ name: `CHENES ${i + 1}` })),
      // A notable company whose second word a typo puts beyond the vocabulary's reach.
      { name: 'CHENES DURAND', tranche: '21' },
      // 3 exact matches of "PHARMACIE DU PORT" and 4 approximate ones: fewer than a page.
      ...times(3, () => ({ name: 'PHARMACIE DU PORT' })),
      ...times(4, (i) => ({ name: `PHARMACIE DU PORT ${['NORD', 'SUD', 'EST', 'OUEST'][i]}` })),
    ]);
  });
  after(() => bed.close());

  it('an exact name with more matches than the page fills it with exact matches, active and larger first', async () => {
    const found = await search(bed, 'sci les tilleuls');
    expect(found.companies.map((c) => [c.denomination, c.pertinence])).to.deep.equal(
      times(10, () => ['SCI LES TILLEULS', 1]),
    );
    expect(found.companies[0]!.siren).to.equal(sirens[11]);
    expect(found.companies.map((c) => c.etat).join('')).to.equal('AAAAAACCCC');
  });

  it('each exact match shown carries its own head office town', async () => {
    const found = await search(bed, 'sci les tilleuls');
    expect(found.companies.map((c) => [c.commune, c.code_postal])).to.deep.equal(
      found.companies.map((c) => [townOf(c.siren), '44000']),
    );
  });

  it('when exact matches fill the page, the total still counts the approximate matches, exactly', async () => {
    const found = await search(bed, 'SCI LES TILLEULS');
    expect(found.total).to.equal(12 + 5);
    expect(found).not.to.have.property('totalIsLowerBound');
    expect(found.abandoned).to.deep.equal([]);
  });

  it('when exact matches fill the page and the approximate ones exceed the cap, the total is a flagged lower bound', async () => {
    const found = await search(bed, 'sci les chenes');
    expect(found.companies.every((c) => c.denomination === 'SCI LES CHENES')).to.equal(true);
    expect(found.totalIsLowerBound).to.equal(true);
    // At least the exact matches and a cap's worth of approximate ones, never more than every match.
    expect(found.total).to.be.within(11 + CANDIDATE_CAP, 11 + approximateChenes + 1);
  });

  it('when exact matches do not fill the page, approximate ones follow them and each match is counted once', async () => {
    const found = await search(bed, 'port pharmacie');
    const shown = found.companies.map((c) => [c.denomination, c.pertinence === 1]);
    expect(shown.slice(0, 3)).to.deep.equal(times(3, () => ['PHARMACIE DU PORT', true]));
    expect(shown.slice(3)).to.have.deep.members(
      ['NORD', 'SUD', 'EST', 'OUEST'].map((w) => [`PHARMACIE DU PORT ${w}`, false]),
    );
    expect(found.total).to.equal(7);
    expect(found).not.to.have.property('totalIsLowerBound');
  });

  it(`a typo beyond the vocabulary's reach still finds its company among more than ${SCORED_CANDIDATES} shorter names sharing the other word`, async () => {
    const found = await search(bed, 'chenes duarnd');
    expect(found.companies[0]?.denomination).to.equal('CHENES DURAND');
    expect(found.companies[0]?.pertinence).to.be.within(0.5, 0.99);
  });
});
