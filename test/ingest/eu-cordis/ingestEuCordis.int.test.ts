import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { ingestEuCordis } from '../../../ingest/eu-cordis/ingestEuCordis.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { EntityRecordedData } from '../../../schemas/events/entityEvents.ts';
import { EU_CORDIS_REGISTER, euCordisStreamOf } from '../../../schemas/events/euCordisEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { recordedEntities } from '../core/support/recordedEntities.ts';
import { CORDIS_FILES } from './cordisFixtures.ts';

describe(`CORDIS ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (files = CORDIS_FILES, snapshotDate = '2026-11-01') =>
    ingestEuCordis({ knex: bed.knex, store: bed.store, logger: testLogger, files, snapshotDate });
  /** The grant's entities as the log holds them: a first pass records them in block events. */
  const stream = async (projectId: string) =>
    (
      await recordedEntities(
        bed.store,
        EU_CORDIS_REGISTER,
        euCordisStreamOf,
        euCordisStreamOf({ kind: 'projet', id: projectId }),
      )
    ).map((e) => e as EntityRecordedData);

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('records grants and the participations with a readable VAT number, counting the others by reason', async () => {
    const done = await ingest();
    // 6 grants, 5 + 1 participations, 4 files.
    expect(done.counts).to.include({ rows: 16, recorded: 16, dropped: 0 });
    expect(done.report).to.deep.include({
      lignesEcartees: 4,
      ecartees: { sans_tva: 4, tva_illisible: 0, sans_identifiant: 0, doublons: 0 },
    });
    const [comet] = await stream('792210');
    expect(comet).to.deep.include({ kind: 'participation', id: '792210-928228018-20' });
    expect(comet!.record).to.include({
      vatNumber: 'ESB66340514',
      name: 'COMET GLOBAL INNOVATION, SL',
      role: 'participant',
      ecContribution: '284812.5',
      totalCost: '406875',
      SME: 'true',
    });
  });

  it('keeps the amounts as written, a comma decimal included, and no address or contact column', async () => {
    await ingest();
    const [uoa] = await stream('633053');
    expect(uoa!.record).to.include({
      netEcContribution: '528340.97',
      totalCost: '960619,95',
      role: 'thirdParty',
    });
    for (const column of ['street', 'postCode', 'city', 'geolocation', 'organizationURL', 'contactForm']) {
      expect(uoa!.record, column).not.to.have.property(column);
    }
  });

  it('never logs the participant registered under a natural person’s name (real row, no VAT number)', async () => {
    await ingest();
    expect(await stream('101298715')).to.deep.equal([]);
    const all = await bed.store.readAll(0n);
    expect(JSON.stringify(all.map((e) => e.data))).not.to.contain('CORDOVA');
  });

  it('reads project.csv by name: a file without `title` keeps it absent, never invented', async () => {
    await ingest();
    const [neoplastics] = await stream('101103474');
    expect(neoplastics).to.deep.include({ kind: 'projet', id: '101103474' });
    expect(neoplastics!.record).to.include({
      status: 'SIGNED',
      frameworkProgramme: 'HORIZON',
      ecMaxContribution: '181153',
      fundingScheme: 'HORIZON-TMA-MSCA-PF-EF',
    });
    expect(neoplastics!.record).not.to.have.property('title');
  });

  it('fingerprints each file: its SHA-256 in the report, the pass’s the sorted manifest of them', async () => {
    const done = await ingest();
    const files = (done.report as { fichiers: { role: string; sha256: string; lignes: number }[] }).fichiers;
    expect(files.map((f) => f.role)).to.deep.equal([
      'h2020-project',
      'h2020-organization',
      'horizon-project',
      'horizon-organization',
    ]);
    expect(files[1]).to.include({ sha256: await sha256OfFile(CORDIS_FILES.H2020!.organization), lignes: 5 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
  });

  it('refuses a file missing a required column before publishing anything', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cordis-'));
    try {
      const organization = path.join(dir, 'organization.csv');
      await writeFile(organization, '"projectID";"name"\n"1";"X"\n');
      const failure = await ingest({
        HORIZON: { project: CORDIS_FILES.HORIZON!.project, organization },
      }).then(
        () => null,
        (e: Error) => e,
      );
      expect(failure?.message).to.match(/required column\(s\) missing.*vatNumber/);
      expect(await bed.store.readAll(0n)).to.have.length.below(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a second pass of the same files records nothing new', async () => {
    await ingest();
    const again = await ingest(CORDIS_FILES, '2026-12-01');
    expect(again.counts).to.include({ recorded: 0, changed: 0, dropped: 0, unchanged: 16 });
  });
});
