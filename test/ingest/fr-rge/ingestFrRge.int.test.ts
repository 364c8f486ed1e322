import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrRge } from '../../../ingest/fr-rge/ingestFrRge.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { FR_RGE_REGISTER, frRgeStreamOf } from '../../../schemas/events/frRgeEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { RGE_528163777 } from './rgeFixtures.ts';

describe(`RGE ingester (${targetDescription})`, () => {
  let bed: TestBed;
  let dir: string;
  const ingest = (file: string, snapshotDate = '2026-12-01') =>
    ingestFrRge({ knex: bed.knex, store: bed.store, logger: testLogger, file, snapshotDate });

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rge-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('logs each qualification of its establishment, without any contact member', async () => {
    const done = await ingest(RGE_528163777);
    expect(done.counts).to.include({ rows: 3, recorded: 3, dropped: 0 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
    const entities = await recordedEntities(
      bed.store,
      FR_RGE_REGISTER,
      frRgeStreamOf,
      `${FR_RGE_REGISTER}-52816377700030`,
    );
    expect(entities.map((e) => e.id)).to.have.members([
      '52816377700030-C001D117',
      '52816377700030-C001D119',
      '52816377700030-1911',
    ]);
    const log = JSON.stringify(entities);
    for (const value of [
      'ylan.sabban@yahoo.fr',
      'contact@gsept.fr',
      '01 49 48 14 50',
      'SOLUTION ENERGIE',
      'MORAND',
      'email',
    ]) {
      expect(log).not.to.include(value);
    }
  });

  it('counts the lines set aside (a SIRET failing its check) in the pass report', async () => {
    const answer = JSON.parse(await readFile(RGE_528163777, 'utf8'));
    answer.results[1].siret = '52816377800030'; // its SIREN fails the Luhn check
    const file = path.join(dir, 'bad-siret.json');
    await writeFile(file, JSON.stringify(answer));
    const done = await ingest(file);
    expect(done.counts).to.include({ rows: 2, recorded: 2 });
    expect(done.report).to.deep.include({ lignesLues: 2, lignesEcartees: 1, lignesHistoriques: 0 });
  });

  it('a second pass of the same file records nothing new', async () => {
    await ingest(RGE_528163777);
    const again = await ingest(RGE_528163777, '2026-12-02');
    expect(again.counts).to.include({ rows: 3, recorded: 0, changed: 0, dropped: 0, unchanged: 3 });
  });
});
