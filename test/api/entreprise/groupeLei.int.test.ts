import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import type { Knex } from 'knex';
import {
  type EntityRow,
  omittedParentReason,
  ownEntityJsonSql,
  readGroupeLei,
} from '../../../api/routes/entreprise/readGroupeLei.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { GLEIF_DEMO_DELTAS, GLEIF_DEMO_FILES } from '../../../ingest/gleif/gleifDemo.ts';
import { ingestGleif } from '../../../ingest/gleif/ingestGleif.ts';
import { ingestGleifUpdates } from '../../../ingest/gleif/ingestGleifUpdates.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import {
  GLEIF_ENTITIES,
  GLEIF_PROFILES,
  gleifProjection,
} from '../../../projections/gleif/gleifProjection.ts';
import { groupeLeiSchema } from '../../../schemas/responses/groupeLei.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { aloneThenTogether, snapshotsReadOnce } from '../../support/statementsSent.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/gleif');
const [LEI_UPDATES, JSON_DELTA] = GLEIF_DEMO_DELTAS.lei2 as [string, string];
const PASS_DATE = '2026-11-20';
const NOW = new Date('2026-11-21T09:00:00Z');

/** The French group test pass: the real JSON delta's LEI records, the derived French-group rr and repex. */
const FRENCH_GROUP_FILES = {
  lei2: JSON_DELTA,
  rr: path.join(fixtures, 'rr-french-group.xml'),
  repex: path.join(fixtures, 'repex-french-group.xml'),
};

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);
const validate = ajv.compile(groupeLeiSchema);

describe(`groupe_lei from the GLEIF local copy, ingest → projection → reader (${targetDescription})`, () => {
  let bed: TestBed;
  const deps = () => ({ knex: bed.knex, store: bed.store, logger: testLogger });
  let runner: ReturnType<TestBed['runner']> | null = null;
  const project = async () => {
    if (!runner) {
      runner = bed.runner();
      await runner.start();
    }
    await runner.caughtUp();
  };
  const group = async (siren: string, now = NOW) => {
    const reading = await readGroupeLei(bed.knex, siren, now);
    expect(validate(reading.value), JSON.stringify(validate.errors)).to.equal(true);
    expect(reading.absent).to.equal(null);
    return reading;
  };

  before(async () => {
    bed = await openTestBed([gleifProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  after(() => bed.close());

  it('an unreadable copy (the database refuses the read) is indisponible, never thrown', async () => {
    const refusing = {
      raw: async () => {
        throw new Error('relation "gleif_entites" does not exist');
      },
    } as unknown as Knex;
    const { value, provenance } = await readGroupeLei(refusing, '817727571', NOW);
    expect(value).to.deep.include({ etat: 'indisponible', lei: null, mere_directe: null, mere_ultime: null });
    expect(value!.message).to.match(/illisible.*\/ .*unreadable/);
    expect(provenance).to.deep.equal([]);
  });

  it('before any completed GLEIF pass: indisponible', async () => {
    const { value } = await group('817727571');
    expect(value).to.deep.include({ etat: 'indisponible', lei: null, date_photo: null });
  });

  describe('after a full pass', () => {
    before(async () => {
      await ingestGleif({ ...deps(), files: FRENCH_GROUP_FILES, snapshotDate: PASS_DATE });
      await project();
    });

    it('names the direct and ultimate parents with their relationship; a parent not in the copy is named null', async () => {
      const { value, provenance } = await group('817727571');
      expect(value).to.deep.include({
        etat: 'renseigne',
        lei: '969500L8P8KWE3RVBJ28',
        statut_enregistrement_lei: 'ISSUED',
        date_photo: PASS_DATE,
      });
      expect(value!.mere_directe).to.deep.equal({
        etat: 'mere',
        lei: '9845002B9874D50A4531',
        denomination: null,
        pays: null,
        relationship: {
          type: 'IS_DIRECTLY_CONSOLIDATED_BY',
          statut: 'ACTIVE',
          statut_enregistrement: 'PUBLISHED',
          debut: '2014-11-06',
        },
      });
      expect(value!.mere_ultime).to.deep.include({ etat: 'mere', lei: '9845002B9874D50A4531' });
      expect(provenance).to.have.length(1);
      expect(provenance[0]).to.deep.include({ registre: 'gleif', version: PASS_DATE, date_photo: PASS_DATE });
      expect(provenance[0]!.empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
    });

    it('a parent that is a sole proprietor (natural person) is omitted: no LEI, no name, no country', async () => {
      const { value } = await group('524716610');
      expect(value!.mere_directe).to.deep.equal({
        etat: 'mere_omise',
        raison: 'personne_physique',
        relationship: {
          type: 'IS_DIRECTLY_CONSOLIDATED_BY',
          statut: 'ACTIVE',
          statut_enregistrement: 'PUBLISHED',
          debut: '2019-06-30',
        },
      });
      expect(JSON.stringify(value)).to.not.contain('5493003J36MH7LBJ5U92');
      expect(value!.mere_ultime).to.deep.equal({
        etat: 'absence_mere',
        declaration: 'NON_CONSOLIDATING',
        reference: null,
      });
    });

    for (const [siren, declaration, reference] of [
      ['469501852', 'NATURAL_PERSONS', 'Datenschutz'],
      ['891377533', 'NO_KNOWN_PERSON', null],
      ['538640400', 'NON_PUBLIC', null],
      ['353315518', 'NO_LEI', null],
      ['910102821', 'NON_CONSOLIDATING', null],
    ] as const) {
      it(`a reporting exception ${declaration} is absence_mere with that declaration`, async () => {
        const { value } = await group(siren);
        expect(value!.mere_directe).to.deep.equal({ etat: 'absence_mere', declaration, reference });
        expect(value!.mere_ultime).to.deep.equal({ etat: 'non_declare' });
      });
    }

    it('a company with neither relationship nor exception: both levels non_declare', async () => {
      const { value } = await group('442935532');
      expect(value).to.deep.include({ etat: 'renseigne', lei: '969500XEG9ID45XK4R92' });
      expect(value!.mere_directe).to.deep.equal({ etat: 'non_declare' });
    });

    it('a SIREN registered with spaces (RA000192, "951 261 734") is matched; a LAPSED LEI is not a closed company', async () => {
      const { value } = await group('951261734');
      expect(value).to.deep.include({
        etat: 'renseigne',
        lei: '894500T6UZ3K120ZNW42',
        statut_enregistrement_lei: 'LAPSED',
      });
      const { rows } = await bed.knex.raw(
        `select statut, statut_detail, lei from ${GLEIF_PROFILES} where id_national = ?`,
        ['894500T6UZ3K120ZNW42'],
      );
      expect(rows[0]).to.deep.equal({
        statut: 'actif',
        statut_detail: 'ACTIVE / LAPSED',
        lei: '894500T6UZ3K120ZNW42',
      });
    });

    it('a company without an LEI is sans_objet, with the copy it was looked up in', async () => {
      const { value, provenance } = await group('005420120');
      expect(value).to.deep.include({ etat: 'sans_objet', lei: null, date_photo: PASS_DATE });
      expect(value!.message).to.contain('No LEI');
      expect(provenance).to.have.length(1);
    });

    it('the own record read inside another statement (ownEntityJsonSql, the capital route) gives the same group', async () => {
      for (const siren of ['817727571', '524716610', '951261734', '005420120']) {
        const { rows } = await bed.knex.raw<{ rows: { e: EntityRow | null }[] }>(
          `select ${ownEntityJsonSql('?')} as e`,
          [siren],
        );
        const known = await readGroupeLei(bed.knex, siren, NOW, undefined, { ownEntity: rows[0]!.e });
        expect(known, siren).to.deep.equal(await readGroupeLei(bed.knex, siren, NOW));
      }
    });

    it('companies asked for at once share one statement for their LEI records, each with its own group', async () => {
      const sirens = ['817727571', '442935532', '951261734', '005420120', '817727571'];
      const readSnapshots = snapshotsReadOnce(bed.knex);
      const readCached = (siren: string) => readGroupeLei(bed.knex, siren, NOW, readSnapshots);
      const { alone, together, statements } = await aloneThenTogether(bed.knex, sirens, readCached, (sql) =>
        sql.includes(`from ${GLEIF_ENTITIES} where siren`),
      );
      expect(together).to.deep.equal(alone);
      expect(statements).to.have.length(1);
      expect(alone.map((r) => r.value?.lei ?? null)).to.deep.equal([
        '969500L8P8KWE3RVBJ28',
        '969500XEG9ID45XK4R92',
        '894500T6UZ3K120ZNW42',
        null,
        '969500L8P8KWE3RVBJ28',
      ]);
    });

    it('a pass older than the threshold (3 days) is indisponible, dated', async () => {
      const { value, provenance } = await group('817727571', new Date('2026-11-24T09:00:00Z'));
      expect(value).to.deep.include({ etat: 'indisponible', lei: null, date_photo: PASS_DATE });
      expect(provenance).to.deep.equal([]);
      const fresh = await group('817727571', new Date('2026-11-23T23:00:00Z'));
      expect(fresh.value!.etat).to.equal('renseigne');
    });

    it('no natural person (sole proprietor) has a name or an address in the read tables', async () => {
      const { rows } = await bed.knex.raw(
        `select denomination, autres_noms, adresse, ville, code_postal from ${GLEIF_ENTITIES} where categorie = 'SOLE_PROPRIETOR'`,
      );
      expect(rows).to.have.length(28);
      for (const r of rows) expect(Object.values(r).every((v) => v === null)).to.equal(true);
      const profiles = await bed.knex.raw(
        `select count(*)::int as n from ${GLEIF_PROFILES} where personne_physique and denomination is null`,
      );
      expect(profiles.rows[0].n).to.equal(28);
    });

    describe('then delta files applied on top, in order', () => {
      let first: Awaited<ReturnType<typeof ingestGleifUpdates>>;
      before(async () => {
        first = await ingestGleifUpdates({
          ...deps(),
          files: { lei2: [GLEIF_DEMO_FILES.lei2, LEI_UPDATES] },
        });
        await project();
      });

      it('the parent added by the delta is named, with its legal address country', async () => {
        const { value } = await group('817727571');
        expect(value!.mere_directe).to.deep.include({
          etat: 'mere',
          lei: '9845002B9874D50A4531',
          denomination: 'Corporate Business Solutions Partners S.à r.l.',
          pays: 'LU',
        });
        expect(value!.date_photo).to.equal(PASS_DATE);
      });

      it('a later delta wins over an earlier one (RETIRED/INACTIVE then ISSUED/ACTIVE)', async () => {
        expect(first.counts).to.deep.include({ updates: 25, recorded: 24, changed: 1 });
        const { rows } = await bed.knex.raw(
          `select statut, statut_detail from ${GLEIF_PROFILES} where id_national = ?`,
          ['00TR8NKAEL48RGTZEW89'],
        );
        expect(rows[0]).to.deep.equal({ statut: 'actif', statut_detail: 'ACTIVE / ISSUED' });
      });

      it('the last delta applied again changes nothing', async () => {
        const again = await ingestGleifUpdates({ ...deps(), files: { lei2: [LEI_UPDATES] } });
        expect(again.counts).to.deep.include({ updates: 12, recorded: 0, changed: 0, unchanged: 12 });
      });
    });
  });

  it('a legal form that does not tell (no ELF code nor text, or a placeholder code without text) is ambiguous', () => {
    const row = {
      lei: '9845002B9874D50A4531',
      denomination: 'x',
      pays_adresse: 'LU',
      categorie: 'GENERAL',
      statut_enregistrement: 'ISSUED',
    };
    expect(omittedParentReason({ ...row, forme_code: 'DVXS', forme_autre: null })).to.equal(null);
    expect(omittedParentReason({ ...row, forme_code: '8888', forme_autre: 'Trust' })).to.equal(null);
    expect(omittedParentReason({ ...row, forme_code: '8888', forme_autre: null })).to.equal('forme_ambigue');
    expect(omittedParentReason({ ...row, forme_code: null, forme_autre: null })).to.equal('forme_ambigue');
    expect(
      omittedParentReason({ ...row, categorie: 'SOLE_PROPRIETOR', forme_code: 'FUKI', forme_autre: null }),
    ).to.equal('personne_physique');
  });
});
