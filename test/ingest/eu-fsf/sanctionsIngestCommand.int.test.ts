import { expect } from 'chai';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { euFsfIngestSpec } from '../../../ingest/eu-fsf/euFsfCommand.ts';
import { frGelsIngestSpec } from '../../../ingest/fr-gels/frGelsCommand.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { EU_FSF_EXCERPT, FR_GELS_PUBLICATION } from '../../projections/sanctions/sanctionsBed.ts';
import { bedCli } from '../../support/bedCli.ts';
import { targetDescription } from '../../support/database.ts';

describe(`registres ingest eu-fsf / fr-gels (${targetDescription})`, () => {
  let bed: TestBed;
  const lines: string[] = [];
  const cli = () => bedCli(() => bed, lines);

  before(async () => {
    bed = await openTestBed([]);
    await runMigrations(bed.knex, snapshotPassMigrations);
  });
  after(async () => {
    await bed?.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('dates an EU export by its generationDate when no --date is given', async () => {
    expect(await runIngestCommand('eu-fsf', euFsfIngestSpec, [EU_FSF_EXCERPT], cli())).to.equal(0);
    expect(lines.join('\n')).to.match(/^eu\.fsf 2018-12-21: 1 rows, 1 recorded/m);
  });

  it('dates a French publication by its DatePublication when no --date is given', async () => {
    expect(await runIngestCommand('fr-gels', frGelsIngestSpec, [FR_GELS_PUBLICATION], cli())).to.equal(0);
    expect(lines.join('\n')).to.match(/^fr\.gels 2026-05-31: 4 rows, 4 recorded/m);
  });

  it('takes --date over the file’s own date', async () => {
    const argv = [FR_GELS_PUBLICATION, '--date', '2026-06-01'];
    expect(await runIngestCommand('fr-gels', frGelsIngestSpec, argv, cli())).to.equal(0);
    expect(lines.join('\n')).to.match(
      /^fr\.gels 2026-06-01: 4 rows, 0 recorded, 0 changed, 0 dropped, 4 unchanged/m,
    );
  });
});
