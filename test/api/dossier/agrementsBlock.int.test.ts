import { expect } from 'chai';
import { readAgrementsBlock } from '../../../api/routes/dossier/agrementsBlock.ts';
import { snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { ingestFrQualiopi } from '../../../ingest/fr-qualiopi/ingestFrQualiopi.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { qualiopiProjection } from '../../../projections/fr-qualiopi/qualiopiProjection.ts';
import { rgeProjection } from '../../../projections/fr-rge/rgeProjection.ts';
import { QUALIOPI_DEMO, SOLE_TRADER_ROW_VALUES } from '../../ingest/fr-qualiopi/qualiopiFixtures.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { targetDescription, testLogger } from '../../support/database.ts';

/**
 * The block's own reading, below the dossier's Sirene coverage rules (which refuse a sole trader, category
 * 1000, before any block is read): even read for the sole trader's SIREN, it holds no name nor address,
 * since the events carry none.
 */
describe(`The agrements block's reading of a sole trader's declaration (${targetDescription})`, () => {
  let bed: TestBed;

  before(async () => {
    bed = await openTestBed([rgeProjection, qualiopiProjection]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    await ingestFrQualiopi({
      knex: bed.knex,
      store: bed.store,
      logger: testLogger,
      file: QUALIOPI_DEMO,
      snapshotDate: '2026-12-01',
    });
    const runner = bed.runner();
    await runner.start();
    await runner.caughtUp();
  });
  after(() => bed.close());

  it('serves the declaration and its certifications, never the person’s name or address', async () => {
    const reading = await readAgrementsBlock(bed.knex, '812235133', '2026-12-03');
    expect(reading.absent).to.equal(null);
    // biome-ignore lint/suspicious/noExplicitAny: the block is checked member by member
    const block = reading.value as Record<string, any>;
    expect(
      block.qualiopi.declarations.map((d: Record<string, unknown>) => d.numero_declaration_activite),
    ).to.deep.equal(['11940987694']);
    expect(block.qualiopi.declarations[0]).to.deep.include({
      certifie_qualiopi: true,
      date_derniere_declaration: '2026-05-18',
      nombre_stagiaires: 42,
    });
    const text = JSON.stringify(reading);
    for (const value of SOLE_TRADER_ROW_VALUES) expect(text).not.to.include(value);
  });

  it('nothing in either list: absent aucune_donnee', async () => {
    const reading = await readAgrementsBlock(bed.knex, '005420120', '2026-12-03');
    expect(reading.absent).to.include({ bloc: 'agrements', raison: 'aucune_donnee' });
  });
});
