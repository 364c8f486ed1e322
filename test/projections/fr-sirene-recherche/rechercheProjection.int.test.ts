import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { cachedExtensionSchema } from '../../../ops/database/extensions.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  RECHERCHE_PROJECTION,
  rechercheProjection,
} from '../../../projections/fr-sirene-recherche/rechercheProjection.ts';
import {
  RECHERCHE_TABLE,
  SIEGES_TABLE,
  VOCABULAIRE_TABLE,
} from '../../../projections/fr-sirene-recherche/rechercheSchema.ts';
import { UNITE_LEGALE } from '../../../schemas/events/frSireneEvents.ts';
import { targetDescription } from '../../support/database.ts';
import { ingestSireneSample, readSireneSample } from '../../support/sireneSample.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

async function sirensInIndex(bed: TestBed): Promise<string[]> {
  const { rows } = await bed.knex.raw<{ rows: { siren: string }[] }>(
    `select siren from ${RECHERCHE_TABLE} order by siren`,
  );
  return rows.map((r) => r.siren);
}

describe(`search index projection, real Sirene samples (${targetDescription})`, () => {
  let bed: TestBed;
  let units: Awaited<ReturnType<typeof readSireneSample>>;
  beforeEach(async () => {
    bed = await openTestBed([rechercheProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    units = await readSireneSample(UNITE_LEGALE);
  });
  afterEach(() => bed.close());

  it('indexes every diffusible legal person of the sample and no sole proprietor or group of persons', async () => {
    await ingestSireneSample(bed);
    await bed.runner().catchUp();
    const legalPersons = units
      .filter((u) => {
        const cat = u.record.categorieJuridiqueUniteLegale as string;
        return cat !== '1000' && !cat.startsWith('2');
      })
      .map((u) => u.id)
      .sort();
    expect(legalPersons).to.have.length(49);
    expect(await sirensInIndex(bed)).to.deep.equal(legalPersons);
  });

  it('holds no sole proprietor’s first and last names anywhere in its tables', async () => {
    await ingestSireneSample(bed);
    await bed.runner().catchUp();
    const { rows } = await bed.knex.raw<{ rows: { t: string }[] }>(
      `select string_agg(r::text, ' ') as t from ${RECHERCHE_TABLE} r`,
    );
    const dump = rows[0]!.t.toUpperCase();
    const persons = units.filter((u) => u.record.categorieJuridiqueUniteLegale === '1000');
    expect(persons).to.have.length(246);
    for (const p of persons) {
      const nom = p.record.nomUniteLegale as string;
      const prenom = p.record.prenom1UniteLegale as string;
      expect(dump).not.to.contain(`${nom} ${prenom}`);
      expect(dump).not.to.contain(`${prenom} ${nom}`);
      expect(dump).not.to.contain(p.id);
    }
  });

  it('joins each company to its head office city and postal code, by its SIRET', async () => {
    await ingestSireneSample(bed);
    await bed.runner().catchUp();
    const { rows } = await bed.knex.raw<{ rows: { commune: string; code_postal: string }[] }>(
      `select s.commune, s.code_postal from ${RECHERCHE_TABLE} r join ${SIEGES_TABLE} s on s.siret = r.siret_siege
        where r.siren = '005480082'`,
    );
    expect(rows).to.deep.equal([{ commune: 'SAINT-NAZAIRE', code_postal: '44600' }]);
  });

  it('a later pass removes a company that became a sole proprietor, partially diffusible, or was dropped', async () => {
    await ingestSireneSample(bed, { version: '2026-10-01' });
    await bed.runner().catchUp();
    expect(await sirensInIndex(bed)).to.include.members(['005480082', '005480546', '005520077']);
    await ingestSireneSample(bed, {
      version: '2026-11-01',
      edit(row) {
        if (row.kind !== UNITE_LEGALE) return row;
        if (row.id === '005480082')
          return { ...row, record: { ...row.record, categorieJuridiqueUniteLegale: '1000' } };
        if (row.id === '005480546')
          return { ...row, record: { ...row.record, statutDiffusionUniteLegale: 'P' } };
        if (row.id === '005520077') return null;
        return row;
      },
    });
    await bed.runner().catchUp();
    const after = await sirensInIndex(bed);
    expect(after).to.not.include.members(['005480082']);
    expect(after).to.not.include('005480546');
    expect(after).to.not.include('005520077');
    expect(after).to.have.length(46);
  });

  it('a rebuild reproduces the tables byte for byte', async () => {
    await ingestSireneSample(bed);
    const runner = bed.runner();
    await runner.catchUp();
    const before = [
      await tableChecksum(bed.knex, RECHERCHE_TABLE),
      await tableChecksum(bed.knex, SIEGES_TABLE),
    ];
    await runner.rebuild(RECHERCHE_PROJECTION);
    const after = [
      await tableChecksum(bed.knex, RECHERCHE_TABLE),
      await tableChecksum(bed.knex, SIEGES_TABLE),
    ];
    expect(after).to.deep.equal(before);
    expect(await sirensInIndex(bed)).to.have.length(49);
  });

  it('the word, vocabulary and key indexes serve the search predicates', async () => {
    await ingestSireneSample(bed);
    await bed.runner().catchUp();
    // 49 rows: the planner would rightly prefer a sequential scan; forbid it to see the indexes are usable.
    // The trigram operator named through its schema, as the search sends it.
    const trgm = await cachedExtensionSchema(bed.knex, 'pg_trgm');
    const plan = await bed.knex.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const words = await trx.raw<{ rows: Record<string, string>[] }>(
        `explain select siren from ${RECHERCHE_TABLE} where mots && ?::text[] and mots && ?::text[]`,
        [['bretonne'], ['travaux']],
      );
      // A tiny vocabulary would rather be read whole through its primary key: forbid that too.
      await trx.raw('set local enable_indexscan = off');
      await trx.raw('set local enable_indexonlyscan = off');
      const vocabulary = await trx.raw<{ rows: Record<string, string>[] }>(
        `explain select mot from ${VOCABULAIRE_TABLE} where mot operator(${trgm}.%) ?`,
        ['bretone'],
      );
      const keys = await trx.raw<{ rows: Record<string, string>[] }>(
        `explain select siren from ${RECHERCHE_TABLE} where cles @> array[?]::text[]`,
        ['bretonne publics travaux'],
      );
      return [...words.rows, ...vocabulary.rows, ...keys.rows].map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).to.contain('fr_sirene_recherche_mots');
    expect(plan).to.contain(`${VOCABULAIRE_TABLE}_trgm`);
    expect(plan).to.contain('fr_sirene_recherche_cles');
  });
});
