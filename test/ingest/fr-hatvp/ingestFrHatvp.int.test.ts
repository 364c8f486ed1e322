import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrHatvp } from '../../../ingest/fr-hatvp/ingestFrHatvp.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_HATVP_REGISTER, frHatvpStreamOf } from '../../../schemas/events/frHatvpEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { HATVP_EXCERPT, HATVP_PERSON_MEMBERS, HATVP_PERSONS } from './hatvpFixtures.ts';

describe(`HATVP ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (snapshotDate = '2026-12-01') =>
    ingestFrHatvp({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: HATVP_EXCERPT,
      snapshotDate,
    });

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('logs each organisation registered under a SIREN, and no person the file names', async () => {
    const done = await ingest();
    expect(done.counts).to.include({ rows: 2, recorded: 2, dropped: 0 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
    expect(done.report).to.deep.include({ publicationsLues: 2, autresIdentifiants: { HATVP: 1 } });
    const entities = [
      ...(await recordedEntities(
        bed.store,
        FR_HATVP_REGISTER,
        frHatvpStreamOf,
        `${FR_HATVP_REGISTER}-824457675`,
      )),
      ...(await recordedEntities(
        bed.store,
        FR_HATVP_REGISTER,
        frHatvpStreamOf,
        `${FR_HATVP_REGISTER}-487741969`,
      )),
    ];
    expect(entities.map((e) => e.id)).to.have.members(['824457675', '487741969']);
    const log = JSON.stringify(entities);
    for (const value of [...HATVP_PERSONS, ...HATVP_PERSON_MEMBERS, 'LE CERCLE AUTOMOBILE', 'H462578295']) {
      expect(log).not.to.include(value);
    }
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest();
    const again = await ingest('2026-12-02');
    expect(again.counts).to.include({ rows: 2, recorded: 0, changed: 0, dropped: 0, unchanged: 2 });
  });
});
