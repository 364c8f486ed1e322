import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readMarchesPublics } from '../../../api/routes/marchesPublics.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  DECP_MARCHES_TABLE,
  DECP_TOTAUX_TABLE,
  decpProjection,
} from '../../../projections/fr-decp/decpProjection.ts';
import { DECP_RECENTS_FUNCTION } from '../../../projections/fr-decp/decpRecents.ts';
import { DECP_2019 } from '../../ingest/fr-decp/decpFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

/*
 * One contract identifier published more than once in the file, as the real marches-publics.info file of
 * 2019 does (bench/held-out/SOURCE.txt; docs/registers.md, "public contracts"): Orléans Métropole's contract
 * 2019M1900400 published on 2019-02-08 for 76,975 € and again, under its uid, on 2019-03-04 for 100,000 €,
 * the same holder; and, from other buyers, one `id` for lots awarded to other companies. Those files may not
 * be committed (fixtures' SOURCE.txt): the cases are built from the committed 2019-schema fixture's real
 * contract (uid 21500222100012202183935401, holder SIRET 65265021900023), every member as published but
 * `datePublicationDonnees`, `montant` and, for the lot, the holder's SIRET (the fixture's other real holder).
 */
type Contract = Record<string, unknown>;

const UID = '21500222100012202183935401';
const HOLDER = '652650219';
const OTHER_HOLDER = '340270495';
const BUYER = '215002221';

describe(`DECP: a contract published more than once (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;
  let dir: string;
  let first: Contract;
  let earlier: Contract;
  let later: Contract;
  let otherLot: Contract;
  const deps = () => ({ knex: bed.knex, store: bed.store, logger: testLogger });

  const pass = async (name: string, contracts: Contract[], snapshotDate: string) => {
    const file = path.join(dir, `${name}.json`);
    await fs.writeFile(file, JSON.stringify({ marches: contracts }));
    const done = await ingestFrDecp({ ...deps(), file, snapshotDate });
    await runner.caughtUp();
    return done;
  };
  const served = async () =>
    (
      await bed.knex.raw(
        `select id, montant_centimes::text as montant from ${DECP_MARCHES_TABLE} where servie order by id`,
      )
    ).rows;
  const totals = async (siren: string) =>
    (
      await bed.knex.raw(
        `select marches_titulaire::int, montant_titulaire::text, marches_acheteur::int
           from ${DECP_TOTAUX_TABLE} where siren = ?`,
        [siren],
      )
    ).rows[0];

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'decp-publications-'));
    const fixture = JSON.parse(await fs.readFile(DECP_2019, 'utf8')) as { marches: Contract[] };
    first = fixture.marches[0]!;
    earlier = { ...first, datePublicationDonnees: '2022-01-24', montant: 77899.0 };
    later = { ...first, datePublicationDonnees: '2022-03-04', montant: 310000 };
    otherLot = {
      ...first,
      montant: 45000,
      titulaires: [{ typeIdentifiant: 'SIRET', denominationSociale: 'FFF', id: '34027049500021' }],
      modifications: [],
    };
    bed = await openTestBed([decpProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    runner = bed.runner();
    await runner.start();
  });
  after(async () => {
    await bed.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps every publication, counts the repeats, and serves the latest published of the same holders (first pass)', async () => {
    const done = await pass('first', [earlier, later, otherLot], '2026-12-01');
    expect(done.report).to.deep.include({ marchesLus: 3, lignesEcartees: 0, publicationsRepetees: 2 });
    const { rows } = await bed.knex.raw(`select id from ${DECP_MARCHES_TABLE} order by id`);
    expect(rows.map((r: { id: string }) => r.id)).to.deep.equal([UID, `${UID}#2`, `${UID}#3`]);
    // The later publication (31,000,000 cents), and the lot of the other company: the earlier one is not served.
    expect(await served()).to.deep.equal([
      { id: `${UID}#2`, montant: '31000000' },
      { id: `${UID}#3`, montant: '4500000' },
    ]);
  });

  it('writes each SIREN’s newest contracts at the first pass’s end as they are written contract by contract', async () => {
    // The first pass loaded in bulk: its end wrote every list in one statement; the function is what the
    // handlers run for each SIREN a later write names.
    const { rows } = await bed.knex.raw(
      `select siren, recents = ${DECP_RECENTS_FUNCTION}(siren) as same, cardinality(recents) as n
         from ${DECP_TOTAUX_TABLE} order by siren`,
    );
    expect(rows).to.deep.equal([
      { siren: BUYER, same: true, n: 2 },
      { siren: OTHER_HOLDER, same: true, n: 1 },
      { siren: HOLDER, same: true, n: 1 },
    ]);
  });

  it('counts a contract once for its holder and its buyer, at its latest publication’s amount', async () => {
    expect(await totals(HOLDER)).to.deep.equal({
      marches_titulaire: 1,
      montant_titulaire: '31000000',
      marches_acheteur: 0,
    });
    expect(await totals(OTHER_HOLDER)).to.deep.include({
      marches_titulaire: 1,
      montant_titulaire: '4500000',
    });
    expect(await totals(BUYER)).to.deep.include({ marches_acheteur: 2 });
    const answer = await readMarchesPublics(bed.knex, { siren: HOLDER, denomination: null });
    expect(answer).to.deep.include({
      nombre_marches_titulaire: 1,
      montant_total_titulaire_centimes: 31000000,
    });
    expect(
      (answer.marches as { montant_centimes: number; date_publication: string }[]).map(
        (m) => m.montant_centimes,
      ),
    ).to.deep.equal([31000000]);
  });

  it('serves the latest published whatever the order in the file, a later pass choosing again', async () => {
    // The later publication read first: it stays the one served.
    await pass('reversed', [later, earlier], '2026-12-02');
    expect(await served()).to.deep.equal([{ id: UID, montant: '31000000' }]);
    expect(await totals(BUYER)).to.deep.include({ marches_acheteur: 1 });
    expect(await totals(OTHER_HOLDER)).to.equal(undefined);
    // The later publication gone from the file: the earlier one is served again.
    await pass('alone', [earlier], '2026-12-03');
    expect(await served()).to.deep.equal([{ id: UID, montant: '7789900' }]);
    expect(await totals(HOLDER)).to.deep.include({ marches_titulaire: 1, montant_titulaire: '7789900' });
    // The route lists it as served now, for its holder and its buyer, not as a former pass had it.
    for (const siren of [HOLDER, BUYER]) {
      const answer = await readMarchesPublics(bed.knex, { siren, denomination: null });
      expect((answer.marches as { montant_centimes: number }[]).map((m) => m.montant_centimes)).to.deep.equal(
        [7789900],
      );
    }
  });

  it('a tie of publication dates serves the later in the file', async () => {
    await pass('tie', [earlier, { ...earlier, montant: 80000 }], '2026-12-04');
    expect(await served()).to.deep.equal([{ id: `${UID}#2`, montant: '8000000' }]);
  });

  it('truncating and replaying the log gives the same checksum of each table', async () => {
    await pass('again', [earlier, later, otherLot], '2026-12-05');
    const checksums = () => Promise.all(decpProjection.tables.map((t) => tableChecksum(bed.knex, t)));
    const before = await checksums();
    await runner.rebuild(decpProjection.name);
    expect(await checksums()).to.deep.equal(before);
    expect(await served()).to.have.length(2);
  });
});
