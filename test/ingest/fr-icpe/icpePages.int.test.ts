import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { auditRowCommand } from '../../../app/cli/commands/auditRow.ts';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { sha256OfFile } from '../../../ingest/core/upstreamFile.ts';
import { frIcpeIngestSpec } from '../../../ingest/fr-icpe/frIcpeCommand.ts';
import { ingestFrIcpe } from '../../../ingest/fr-icpe/ingestFrIcpe.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../../projections/core/tableChecksum.ts';
import { ICPE_INSTALLATIONS_TABLE, icpeProjection } from '../../../projections/fr-icpe/icpeProjection.ts';
import {
  blockStreamId,
  ENTITIES_RECORDED,
  type EntitiesRecordedData,
} from '../../../schemas/events/entityBlockEvents.ts';
import { FR_ICPE_REGISTER } from '../../../schemas/events/frIcpeEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { bedCli } from '../../support/bedCli.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { writeIcpePages } from './icpeFixtures.ts';

/*
 * The excerpt's InstallationClassee.csv (ingest/fr-icpe/demo/SOURCE.txt), by line: 2 0005207593 (no SIRET),
 * 3 0005209273, 4 0100035050, 5 0005201349, 6 0100288556, 7 0100301816 (the last three on SIRENs 410964837
 * and 480337849). Cut into pages as the export pages it: every page but the last holds `page_size` lines.
 */
describe(`ICPE: the country's pages as one pass (${targetDescription})`, () => {
  let bed: TestBed;
  let runner: ProjectionRunner;
  let dir: string;
  let n = 0;
  const ingest = (paths: string[], snapshotDate = '2026-12-01') =>
    ingestFrIcpe({ knex: bed.knex, store: bed.store, logger: testLogger, paths, snapshotDate });
  /** A fresh folder of pages, each page the excerpt's lines given. */
  const pagesOf = async (...pages: number[][]) => {
    const folder = path.join(dir, `copy-${++n}`);
    await mkdir(folder);
    return writeIcpePages(folder, pages);
  };
  const served = async () =>
    (await bed.knex(ICPE_INSTALLATIONS_TABLE).select('id').orderBy('id')).map((r) => r.id as string);
  const blocks = async () =>
    (await bed.store.readStream(blockStreamId(FR_ICPE_REGISTER)))
      .filter((e) => e.type === ENTITIES_RECORDED)
      .map((e) => e.data as EntitiesRecordedData);

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'icpe-pages-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    bed = await openTestBed([icpeProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    runner = bed.runner();
    await runner.start();
  });
  afterEach(() => bed.close());

  it('serves the installations of both pages, each block naming its own page’s SHA-256 and lines', async () => {
    const [page1, page2] = await pagesOf([2, 3, 4, 5], [7, 8]);
    const done = await ingest([page2!, page1!]);
    await runner.caughtUp();
    expect(await served()).to.deep.equal([
      '0005201349',
      '0005209273',
      '0100035050',
      '0100288556',
      '0100301816',
    ]);
    const sha1 = await sha256OfFile(page1!);
    const sha2 = await sha256OfFile(page2!);
    expect(done.fileSha256).to.equal(
      manifestSha256([
        { nom: 'georisques_csv_page_1.zip', sha256: sha1 },
        { nom: 'georisques_csv_page_2.zip', sha256: sha2 },
      ]),
    );
    expect(done.report).to.deep.include({
      installationsLues: 5,
      installationsSansSiret: 1,
      installationsParPage: { 'georisques_csv_page_1.zip': 4, 'georisques_csv_page_2.zip': 2 },
    });
    const installations = (await blocks()).filter((b) => b.kind === 'installation');
    expect(
      installations.map((b) => ({ file: b.fileSha256, ids: b.ids, lines: b.lines, entries: b.entries })),
    ).to.deep.equal([
      {
        file: sha1,
        ids: ['0005209273', '0100035050', '0005201349'],
        lines: [3, 4, 5],
        entries: ['InstallationClassee.csv', 'InstallationClassee.csv', 'InstallationClassee.csv'],
      },
      {
        file: sha2,
        ids: ['0100288556', '0100301816'],
        lines: [2, 3],
        entries: ['InstallationClassee.csv', 'InstallationClassee.csv'],
      },
    ]);
  });

  it('registres ingest fr-icpe <folder> reads every page; audit row names the page file and the line', async () => {
    const [, page2] = await pagesOf([2, 3, 4, 5], [7, 8]);
    const lines: string[] = [];
    const cli = bedCli(() => bed, lines);
    expect(
      await runIngestCommand(
        'fr-icpe',
        frIcpeIngestSpec,
        [path.dirname(page2!), '--date', '2026-12-01'],
        cli,
      ),
    ).to.equal(0);
    expect(lines.join('\n')).to.contain('2 pages, 1 installations without a valid SIRET');
    lines.length = 0;
    expect(await auditRowCommand(['audit', 'row', FR_ICPE_REGISTER, '0100301816'], cli)).to.equal(0);
    const out = lines.join('\n');
    expect(out).to.contain(`file sha256: ${await sha256OfFile(page2!)}, line 3`);
    expect(out).to.contain("unzip -p <file> 'InstallationClassee.csv' | sed -n '3p'");
    expect(out).to.contain(`sha256sum <folder>/*.zip | grep ^${await sha256OfFile(page2!)}`);
  });

  it('a rerun without a page drops that page’s installations: the copy is the pages given', async () => {
    const [page1, page2, page3] = await pagesOf([2, 3], [4, 5], [7]);
    await ingest([page1!, page2!, page3!]);
    const again = await ingest([page1!, page3!], '2026-12-02');
    // 0100035050 and 0005201349 (page 2) and page 2's `fichier` entity.
    expect(again.counts).to.include({ dropped: 3 });
    await runner.caughtUp();
    expect(await served()).to.deep.equal(['0005209273', '0100288556']);
  });

  it('refuses pages that are not one whole download, and publishes nothing of them', async () => {
    const [page1, page2, page3] = await pagesOf([2, 3], [4, 5], [7]);
    await ingest([page1!, page2!, page3!]);
    await runner.caughtUp();
    const before = await served();
    // The last page (the one holding fewer) missing.
    const error = await ingest([page1!, page2!], '2026-12-02').catch((e: unknown) => e);
    expect(String(error)).to.match(/every page of the copy holds 2 installations: the last page.*is missing/);
    // Two pages short: one cut, or another export mixed in.
    const folder = path.join(dir, 'other');
    await mkdir(folder);
    const [other] = await writeIcpePages(folder, [[8]], 'departement_33');
    const mixed = await ingest([page1!, page2!, page3!, other!], '2026-12-03').catch((e: unknown) => e);
    expect(String(mixed)).to.match(/2 pages hold fewer than 2 installations/);
    await runner.caughtUp();
    expect(await served()).to.deep.equal(before);
    const again = await ingest([page1!, page2!, page3!], '2026-12-04');
    expect(again.counts).to.include({ recorded: 0, changed: 0, dropped: 0 });
  });

  it('keeps an installation repeated in a later page once, from the first page, and counts it', async () => {
    // The export shifted by one line between the two downloads: page 2 starts with page 1's last line.
    const [page1, page2] = await pagesOf([2, 3, 4, 5], [5, 7, 8]);
    const done = await ingest([page1!, page2!]);
    expect(done.report).to.deep.include({
      installationsLues: 5,
      installationsEnDouble: 1,
      lignesEcartees: 0,
    });
    const sha1 = await sha256OfFile(page1!);
    const holding = (await blocks()).filter((b) => b.ids.includes('0005201349'));
    expect(holding.map((b) => [b.fileSha256, b.lines[b.ids.indexOf('0005201349')]])).to.deep.equal([
      [sha1, 5],
    ]);
    // The same pages given in the other order: the same pass.
    const reversed = await ingest([page2!, page1!], '2026-12-02');
    expect(reversed.counts).to.include({ recorded: 0, changed: 0, dropped: 0 });
  });

  it('truncating and replaying the log of a paged copy gives the same table checksum', async () => {
    const [page1, page2, page3] = await pagesOf([2, 3], [4, 5], [7]);
    await ingest([page1!, page2!, page3!]);
    await ingest([page1!, page3!], '2026-12-02');
    await runner.caughtUp();
    const before = await tableChecksum(bed.knex, ICPE_INSTALLATIONS_TABLE);
    await runner.rebuild(icpeProjection.name);
    expect(await tableChecksum(bed.knex, ICPE_INSTALLATIONS_TABLE)).to.equal(before);
  });
});
