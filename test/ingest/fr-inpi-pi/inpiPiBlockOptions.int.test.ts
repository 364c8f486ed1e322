import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { auditRowCommand } from '../../../app/cli/commands/auditRow.ts';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { frInpiPiIngestSpec } from '../../../ingest/fr-inpi-pi/frInpiPiCommand.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { blockStreamId } from '../../../schemas/events/entityBlockEvents.ts';
import { FR_INPI_PI_REGISTER, INPI_MARQUE } from '../../../schemas/events/frInpiPiEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { bedCli } from '../../support/bedCli.ts';
import { targetDescription } from '../../support/database.ts';
import { writeZip } from '../../support/writeZip.ts';
import { INPI_FIXTURES, INPI_PATENT_2706406, weeklyTrademarks } from './inpiPiFixtures.ts';

describe(`registres ingest fr-inpi-pi --one-event-per-row, --record-all, audit row (${targetDescription})`, () => {
  let bed: TestBed;
  let dir: string;
  const lines: string[] = [];
  const cli = () => bedCli(() => bed, lines);
  const ingest = (paths: string[], date: string, ...flags: string[]) =>
    runIngestCommand('fr-inpi-pi', frInpiPiIngestSpec, [...paths, '--date', date, ...flags], cli());
  const blocks = () => bed.store.streamVersion(blockStreamId(FR_INPI_PI_REGISTER));
  beforeEach(async () => {
    lines.length = 0;
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    dir = await mkdtemp(path.join(tmpdir(), 'inpi-pi-cli-'));
  });
  afterEach(async () => {
    await bed.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a first pass from a ZIP writes blocks; audit row shows the entry and the line to unzip and read', async () => {
    const zip = path.join(dir, 'FR_FRST66_2026-48.zip');
    await writeZip(zip, [
      {
        name: 'FR_FRNEWST66_2026-48.xml',
        content: Buffer.from(await weeklyTrademarks(['6000001', '6000002'])),
      },
      { name: 'FR_FRNEWST36/2706406.xml', content: await readFile(INPI_PATENT_2706406) },
    ]);
    expect(await ingest([zip], '2026-12-01')).to.equal(0);
    expect(lines.join('\n')).to.match(/block events 2, holding 3 rows/);
    lines.length = 0;
    const argv = ['audit', 'row', FR_INPI_PI_REGISTER, 'FR6000002', '--kind', INPI_MARQUE];
    expect(await auditRowCommand(argv, cli()), lines.join('\n')).to.equal(0);
    const said = lines.join('\n');
    expect(said).to.contain('recorded by: block event');
    // The second mark's start tag, broken after its name, opens line 71 of the weekly file: after the XML
    // declaration and the transaction wrapper (lines 1 and 2) and the first mark's 68 lines.
    expect(said).to.contain("unzip -p <file> 'FR_FRNEWST66_2026-48.xml' | sed -n '71p'");
    expect(said).to.contain('</TradeMark>');
  });

  it('--one-event-per-row writes no block; --record-all records every title again in blocks', async () => {
    expect(await ingest([INPI_FIXTURES], '2026-12-01', '--one-event-per-row')).to.equal(0);
    expect(await blocks()).to.equal(null);
    expect(lines.join('\n')).to.not.contain('block events');
    expect(await ingest([INPI_FIXTURES], '2026-12-02')).to.equal(0);
    expect(await blocks(), 'a later pass records differences only').to.equal(null);
    expect(await ingest([INPI_FIXTURES], '2026-12-03', '--record-all')).to.equal(0);
    expect(await blocks()).to.not.equal(null);
  });
});
