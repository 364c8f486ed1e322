import { expect } from 'chai';
import { auditRowCommand } from '../../../app/cli/commands/auditRow.ts';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { beKboIngestSpec } from '../../../ingest/be-kbo/beKboCommand.ts';
import { BE_KBO_DEMO_FILES } from '../../../ingest/be-kbo/beKboDemo.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { BE_KBO_REGISTER } from '../../../schemas/events/beKboEvents.ts';
import { blockStreamId } from '../../../schemas/events/entityBlockEvents.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { bedCli } from '../../support/bedCli.ts';
import { targetDescription } from '../../support/database.ts';

describe(`registres ingest be-kbo --one-event-per-row, --record-all (${targetDescription})`, () => {
  let bed: TestBed;
  const lines: string[] = [];
  const cli = () => bedCli(() => bed, lines);
  const files = Object.entries(BE_KBO_DEMO_FILES).flatMap(([role, file]) => [`--${role}`, file]);
  const ingest = (...flags: string[]) =>
    runIngestCommand('be-kbo', beKboIngestSpec, [...files, '--date', '2026-11-20', ...flags], cli());
  const blocks = () => bed.store.streamVersion(blockStreamId(BE_KBO_REGISTER));
  beforeEach(async () => {
    lines.length = 0;
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  afterEach(() => bed.close());

  it('a first pass writes block events and says so', async () => {
    expect(await ingest()).to.equal(0);
    expect(await blocks()).to.not.equal(null);
    expect(lines.join('\n')).to.match(/block events \d+, holding \d+ rows/);
  });

  it('registres audit row be.kbo proves a row of a block (its stream is the enterprise’s)', async () => {
    expect(await ingest()).to.equal(0);
    lines.length = 0;
    const argv = ['audit', 'row', BE_KBO_REGISTER, '1029025290', '--kind', 'enterprise'];
    expect(await auditRowCommand(argv, cli()), lines.join('\n')).to.equal(0);
    expect(lines.join('\n')).to.contain('recorded by: block event');
  });

  it('--one-event-per-row writes no block, even on a first pass', async () => {
    expect(await ingest('--one-event-per-row')).to.equal(0);
    expect(await blocks()).to.equal(null);
    expect(lines.join('\n')).to.not.contain('block events');
  });

  it('--record-all records every row again in blocks on top of a completed pass', async () => {
    expect(await ingest('--one-event-per-row')).to.equal(0);
    expect(await ingest()).to.equal(0);
    expect(await blocks(), 'a later pass records differences only').to.equal(null);
    expect(await ingest('--record-all')).to.equal(0);
    expect(await blocks()).to.not.equal(null);
  });

  it('--help lists both flags', async () => {
    await runIngestCommand('be-kbo', beKboIngestSpec, ['--help'], cli());
    expect(lines.join('\n')).to.contain('--record-all').and.to.contain('--one-event-per-row');
  });
});
