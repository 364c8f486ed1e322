import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import {
  DECP_MARCHES_TABLE,
  DECP_TITULAIRES_TABLE,
  DECP_TOTAUX_TABLE,
  decpProjection,
} from '../../../projections/fr-decp/decpProjection.ts';
import { DECP_RECENTS_FUNCTION } from '../../../projections/fr-decp/decpRecents.ts';
import { DECP_2019, DECP_2024 } from '../../ingest/fr-decp/decpFixtures.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from '../core/testBed.ts';

describe(`DECP projection (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;

  before(async () => {
    bed = await openTestBed([decpProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    const deps = { knex: bed.knex, store: bed.store, logger: testLogger };
    await ingestFrDecp({ ...deps, file: DECP_2019, snapshotDate: '2026-11-30' });
    await ingestFrDecp({ ...deps, file: DECP_2024, snapshotDate: '2026-12-01' });
    runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  const row = async (id: string) =>
    (
      await bed.knex.raw(
        `select *, montant_centimes::text as montant_centimes,
                montant_modifie_centimes::text as montant_modifie_centimes
           from ${DECP_MARCHES_TABLE} where id = ?`,
        [id],
      )
    ).rows[0];

  it('holds the last pass only: the 2024 file’s five contracts', async () => {
    const { rows } = await bed.knex.raw(`select id from ${DECP_MARCHES_TABLE} order by id`);
    expect(rows.map((r: { id: string }) => r.id)).to.deep.equal([
      '21030042200016202401L04',
      '21500222100012202207LOT03',
      '216901231000112019K1209',
      '219740222000192022VI2022.242',
      '221300015002472020F00075',
    ]);
  });

  it('keeps amounts exact in cents: the initial one, and the latest modification’s', async () => {
    expect(await row('21030042200016202401L04')).to.deep.include({
      montant_centimes: '12783512',
      montant_publie: '127835.12',
      montant_modifie_centimes: '12455746',
      montant_modifie_publie: '124557.46',
      date_modification: '2025-04-08',
      date_notification: '2024-02-08',
      duree_mois: 17,
      acheteur_siren: '210300422',
    });
    // 1.0e17 euros is more cents than a bigint holds: no amount rather than a wrong one.
    expect(await row('221300015002472020F00075')).to.deep.include({
      montant_centimes: null,
      montant_publie: '1.0e17',
      montant_modifie_centimes: '2254000',
      date_modification: '2026-04-01',
    });
    expect(await row('219740222000192022VI2022.242')).to.deep.include({ duree_mois: null });
  });

  it('lists the SIRENs of the initial holders and of those modifications add, a malformed SIRET left out', async () => {
    expect(await row('21030042200016202401L04')).to.deep.include({
      titulaires_siren: ['487946071', '812235133'],
      nombre_titulaires: 3,
    });
    expect(await row('219740222000192022VI2022.242')).to.deep.include({
      titulaires_siren: ['340270495'],
      nombre_titulaires: 2,
    });
  });

  it('keeps a row per contract and holder SIREN of the last pass, with the contract’s dates and amount', async () => {
    const { rows } = await bed.knex.raw(
      `select id, siren, date_notification, montant_centimes::text as montant from ${DECP_TITULAIRES_TABLE}
        order by id, siren`,
    );
    const { rows: expected } = await bed.knex.raw(
      `select distinct m.id, s.siren, m.date_notification, m.montant_centimes::text as montant
         from ${DECP_MARCHES_TABLE} m cross join lateral unnest(m.titulaires_siren) as s(siren) order by 1, 2`,
    );
    expect(rows).to.have.length.greaterThan(5);
    expect(rows).to.deep.equal(expected);
    // The 2019 file's contracts, dropped by the 2024 pass, left no holder row.
    expect(rows.some((r: { id: string }) => r.id === '21500222100012202183935401')).to.equal(false);
    expect(rows.find((r: { siren: string }) => r.siren === '487946071')).to.deep.include({
      id: '21030042200016202401L04',
      date_notification: '2024-02-08',
      montant: '12783512',
    });
  });

  it('keeps each SIREN’s counts and holder total as a count over the contracts gives, after a pass that drops and adds', async () => {
    // The 2019 pass loaded in bulk (totals counted at its end); the 2024 pass dropped its contracts and added
    // five, the triggers keeping the totals row by row.
    const { rows } = await bed.knex.raw(
      `select siren, marches_titulaire::int as n, montant_titulaire::text as montant,
              titulaire_sans_montant::int as sans, marches_acheteur::int as acheteur
         from ${DECP_TOTAUX_TABLE} order by siren`,
    );
    const { rows: expected } = await bed.knex.raw(
      `select coalesce(t.siren, a.siren) as siren, coalesce(t.n, 0) as n, coalesce(t.montant, 0)::text as montant,
              coalesce(t.sans, 0) as sans, coalesce(a.n, 0) as acheteur
         from (select siren, count(*)::int as n, coalesce(sum(montant_centimes), 0) as montant,
                      (count(*) filter (where montant_centimes is null))::int as sans
                 from ${DECP_TITULAIRES_TABLE} group by siren) t
         full join (select acheteur_siren as siren, count(*)::int as n from ${DECP_MARCHES_TABLE}
                     where acheteur_siren is not null group by 1) a on a.siren = t.siren
        order by 1`,
    );
    expect(rows).to.deep.equal(expected);
    expect(rows.find((r: { siren: string }) => r.siren === '487946071')).to.deep.equal({
      siren: '487946071',
      n: 1,
      montant: '12783512',
      sans: 0,
      acheteur: 0,
    });
    expect(rows.find((r: { siren: string }) => r.siren === '210300422')).to.deep.include({ acheteur: 1 });
    // No SIREN of the 2019 file alone is left with a row of zeros.
    expect(rows.every((r: { n: number; acheteur: number }) => r.n > 0 || r.acheteur > 0)).to.equal(true);
  });

  it('keeps each SIREN’s newest contracts as its contracts give them, after a pass that drops and adds', async () => {
    // The 2024 pass was applied contract by contract: each list written then must be what the contracts
    // tables give now (the function a bulk load's end runs over every SIREN).
    const { rows } = await bed.knex.raw(
      `select siren, recents = ${DECP_RECENTS_FUNCTION}(siren) as fresh, cardinality(recents) as n
         from ${DECP_TOTAUX_TABLE} order by siren`,
    );
    expect(rows.length).to.be.greaterThan(5);
    expect(rows.filter((r: { fresh: boolean }) => !r.fresh)).to.deep.equal([]);
    expect(rows.find((r: { siren: string }) => r.siren === '487946071')).to.deep.include({ n: 1 });
  });

  it('truncating and replaying the log gives the same checksum of each table', async () => {
    const checksums = () => Promise.all(decpProjection.tables.map((t) => tableChecksum(bed.knex, t)));
    const before = await checksums();
    await runner.rebuild(decpProjection.name);
    expect(await checksums()).to.deep.equal(before);
  });
});
