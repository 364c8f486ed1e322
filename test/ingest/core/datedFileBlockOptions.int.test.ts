import { expect } from 'chai';
import { auditRowCommand } from '../../../app/cli/commands/auditRow.ts';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { frDecpIngestSpec } from '../../../ingest/fr-decp/frDecpCommand.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { blockStreamId } from '../../../schemas/events/entityBlockEvents.ts';
import { DECP_MARCHE, FR_DECP_REGISTER } from '../../../schemas/events/frDecpEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { bedCli } from '../../support/bedCli.ts';
import { targetDescription } from '../../support/database.ts';
import { DECP_2024 } from '../fr-decp/decpFixtures.ts';

describe(`registres ingest fr-decp (a dated file) --one-event-per-row, --record-all (${targetDescription})`, () => {
  let bed: TestBed;
  const lines: string[] = [];
  const cli = () => bedCli(() => bed, lines);
  const ingest = (date: string, ...flags: string[]) =>
    runIngestCommand('fr-decp', frDecpIngestSpec, [DECP_2024, '--date', date, ...flags], cli());
  const blocks = () => bed.store.streamVersion(blockStreamId(FR_DECP_REGISTER));
  beforeEach(async () => {
    lines.length = 0;
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('a first pass writes block events and says so; registres audit row proves a contract of a block', async () => {
    expect(await ingest('2026-12-01')).to.equal(0);
    expect(await blocks()).to.not.equal(null);
    expect(lines.join('\n')).to.match(/block events 1, holding 5 rows/);
    lines.length = 0;
    const argv = ['audit', 'row', FR_DECP_REGISTER, '21030042200016202401L04', '--kind', DECP_MARCHE];
    expect(await auditRowCommand(argv, cli()), lines.join('\n')).to.equal(0);
    expect(lines.join('\n')).to.contain('recorded by: block event');
  });

  it('--one-event-per-row writes no block; --record-all records every row again in blocks', async () => {
    expect(await ingest('2026-12-01', '--one-event-per-row')).to.equal(0);
    expect(await blocks()).to.equal(null);
    expect(lines.join('\n')).to.not.contain('block events');
    expect(await ingest('2026-12-02')).to.equal(0);
    expect(await blocks(), 'a later pass records differences only').to.equal(null);
    expect(await ingest('2026-12-03', '--record-all')).to.equal(0);
    expect(await blocks()).to.not.equal(null);
  });
});
