import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { expect } from 'chai';
import { pack } from 'tar-stream';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestEuTed } from '../../../ingest/eu-ted/ingestEuTed.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { EntityRecordedData } from '../../../schemas/events/entityEvents.ts';
import { EU_TED_REGISTER } from '../../../schemas/events/euTedEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import {
  TED_EFORMS_SIRET_SIREN,
  TED_FIXTURES,
  TED_PRIVATE_NAMES,
  TED_R209_NAME_ONLY,
} from './tedFixtures.ts';

describe(`TED ingester (${targetDescription})`, () => {
  let bed: TestBed;
  const ingest = (paths: string[], snapshotDate = '2026-12-01') =>
    ingestEuTed({ knex: bed.knex, store: bed.store, logger: testLogger, paths, snapshotDate });

  beforeEach(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('reads a folder of notices: one entity per publication number, the files fingerprinted', async () => {
    const done = await ingest([TED_FIXTURES]);
    expect(done.counts).to.include({ rows: 5, recorded: 5, dropped: 0 });
    expect(done.fileSha256).to.match(/^[0-9a-f]{64}$/);
    const report = done.report as Record<string, unknown>;
    expect(report).to.deep.include({
      fichiersLus: 5,
      lignesEcartees: 0,
      avisLus: 5,
      avisAvecAttributaireNonIdentifie: 1,
      attributairesFrancaisSansIdentifiant: 1,
      attributairesIdentifies: 8,
    });
    expect((report.fichiers as { nom: string; sha256: string }[]).map((f) => f.nom)).to.deep.equal([
      '00038918-2025.xml',
      '00251823-2024.xml',
      '00413588-2025.xml',
      '18-412273-001-EXP.xml',
      '21-158592-001-EXP.xml',
    ]);
    const [event] = await bed.store.readStream(`${EU_TED_REGISTER}-404080-2018`);
    expect((event!.data as EntityRecordedData).record).to.deep.include({
      Format: 'R2.0.9',
      BuyerName: 'CAPL',
    });
  });

  it('never logs a winner’s name, a contact or an e-mail', async () => {
    await ingest([TED_FIXTURES]);
    const events = await bed.store.readAll(0n, { limit: 1000 });
    const log = JSON.stringify(events.map((e) => [e.data, e.metadata]));
    expect(log).to.include('34498727600039');
    for (const name of TED_PRIVATE_NAMES) expect(log).not.to.include(name);
  });

  it('a later pass over fewer files drops the notices absent from them; the same files record nothing new', async () => {
    await ingest([TED_FIXTURES]);
    const again = await ingest([TED_FIXTURES], '2026-12-02');
    expect(again.counts).to.include({ rows: 5, recorded: 0, changed: 0, dropped: 0, unchanged: 5 });
    const fewer = await ingest([TED_EFORMS_SIRET_SIREN, TED_R209_NAME_ONLY], '2026-12-03');
    expect(fewer.counts).to.include({ rows: 2, unchanged: 2, dropped: 3 });
  });

  it('reads a daily package (.tar.gz) directly: the same notices, fingerprinted by the package', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eu-ted-'));
    try {
      const archive = pack();
      const names = (await readdir(TED_FIXTURES)).filter((n) => n.endsWith('.xml')).sort();
      for (const name of names) {
        archive.entry({ name: `20261201/${name}` }, await readFile(path.join(TED_FIXTURES, name)));
      }
      archive.entry({ name: '20261201/README.txt' }, 'not a notice');
      archive.finalize();
      const file = path.join(dir, '2026235.tar.gz');
      await pipeline(archive, createGzip(), createWriteStream(file));
      await ingest([TED_FIXTURES]);
      const done = await ingest([file], '2026-12-02');
      expect(done.counts).to.include({ rows: 5, recorded: 0, changed: 0, dropped: 0, unchanged: 5 });
      const report = done.report as { fichiersLus: number; fichiers: { nom: string }[] };
      expect(report.fichiersLus).to.equal(5);
      expect(report.fichiers.map((f) => f.nom)).to.deep.equal(['2026235.tar.gz']);
      // A truncated package fails the pass: nothing of it is published.
      const truncated = path.join(dir, '2026236.tar.gz');
      await writeFile(truncated, (await readFile(file)).subarray(0, 200));
      let failed = false;
      await ingest([truncated], '2026-12-03').catch(() => {
        failed = true;
      });
      expect(failed).to.equal(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
