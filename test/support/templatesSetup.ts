import { PROJECTIONS } from '../../app/readSide.ts';
import { composedProjections } from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { migratedRecipe, prepareTemplate } from './database.ts';
import { EUROPEAN_PROJECTIONS } from './europeService.ts';
import { demoRecipe, demoSeeders } from './paidDemoService.ts';

/**
 * Mocha global setup (loaded by `require` in .mocharc.json): builds, before the first suite, the templates most
 * suites copy (the whole service migrated, the European local copies migrated, the whole demo), so that no
 * suite's `before` hook spends a template's build under mocha's timeout. Built templates are kept between runs
 * (test/support/database.ts); a run of unit tests only builds none.
 */
export async function mochaGlobalSetup() {
  const specs = process.argv.slice(2).filter((a) => a.endsWith('.ts') && !a.startsWith('-'));
  if (specs.length > 0 && specs.every((s) => s.includes('.unit.'))) return;
  const started = performance.now();
  await prepareTemplate(migratedRecipe(schemaMigrations(PROJECTIONS)));
  await prepareTemplate(
    migratedRecipe(
      schemaMigrations(composedProjections({ projections: EUROPEAN_PROJECTIONS, payment: false })),
    ),
  );
  await prepareTemplate(demoRecipe(PROJECTIONS, demoSeeders()));
  if (process.env.TEST_TEMPLATES_VERBOSE) {
    console.log(`templates ready in ${Math.round(performance.now() - started)} ms`);
  }
}
