import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrQualiopi } from '../../../ingest/fr-qualiopi/ingestFrQualiopi.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_QUALIOPI_REGISTER, frQualiopiStreamOf } from '../../../schemas/events/frQualiopiEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { QUALIOPI_DEMO, SOLE_TRADER_ROW_VALUES } from './qualiopiFixtures.ts';

describe(`Qualiopi ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (snapshotDate = '2026-12-01') =>
    ingestFrQualiopi({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: QUALIOPI_DEMO,
      snapshotDate,
    });

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('logs each declaration on its company’s stream, with the file’s SHA-256 and the rows set aside', async () => {
    const done = await ingest();
    expect(done.counts).to.include({ rows: 3, recorded: 3, dropped: 0 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
    expect(done.report).to.deep.include({ lignesLues: 3, lignesEcartees: 1 });
    const entities = await recordedEntities(
      bed.store,
      FR_QUALIOPI_REGISTER,
      frQualiopiStreamOf,
      `${FR_QUALIOPI_REGISTER}-356000000`,
    );
    expect(entities.map((e) => e.id)).to.have.members(['356000000-11755565775', '356000000-11755762075']);
  });

  it('a sole trader’s declaration reaches the log without the person’s name or address', async () => {
    await ingest();
    const entities = await recordedEntities(
      bed.store,
      FR_QUALIOPI_REGISTER,
      frQualiopiStreamOf,
      `${FR_QUALIOPI_REGISTER}-812235133`,
    );
    expect(entities.map((e) => e.id)).to.deep.equal(['812235133-11940987694']);
    const log = JSON.stringify(entities);
    for (const value of [
      ...SOLE_TRADER_ROW_VALUES,
      'denomination',
      'adressePhysiqueOrganismeFormation.voie',
    ]) {
      expect(log).not.to.include(value);
    }
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest();
    const again = await ingest('2026-12-02');
    expect(again.counts).to.include({ rows: 3, recorded: 0, changed: 0, dropped: 0, unchanged: 3 });
  });
});
