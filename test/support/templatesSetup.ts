import { PROJECTIONS } from '../../app/readSide.ts';
import { composedProjections } from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { migratedRecipe, prepareTemplate } from './database.ts';
import { EUROPEAN_PROJECTIONS, europeIngestedRecipe } from './europeService.ts';
import { demoRecipe, demoSeeders } from './paidDemoService.ts';

/**
 * Mocha global setup (loaded by `require` in .mocharc.cjs): builds, before the first suite, the templates most
 * suites copy (the whole service migrated, the European local copies migrated and ingested, the whole demo), so that no
 * suite's `before` hook spends a template's build under mocha's timeout. Built templates are kept between runs
 * (test/support/database.ts); a run of unit tests only builds none. In parallel mode it runs once, in the
 * main process, before the workers start: they find the templates built.
 */
export async function mochaGlobalSetup() {
  const specs = process.argv.slice(2).filter((a) => a.endsWith('.ts') && !a.startsWith('-'));
  if (specs.length > 0 && specs.every((s) => s.includes('.unit.'))) return;
  const started = performance.now();
  const recipes = [
    migratedRecipe(schemaMigrations(PROJECTIONS)),
    migratedRecipe(
      schemaMigrations(composedProjections({ projections: EUROPEAN_PROJECTIONS, payment: false })),
    ),
    demoRecipe(PROJECTIONS, demoSeeders()),
    europeIngestedRecipe('2026-11-18'),
  ];
  for (const recipe of recipes) {
    // A template that cannot be built here is built by the first suite that needs it, where a failure is that
    // suite's alone: never the whole run's.
    await prepareTemplate(recipe).catch((err: Error) => {
      console.error(`template ${recipe.key[0]} not built before the suites: ${err.message}`);
    });
  }
  if (process.env.TEST_TEMPLATES_VERBOSE) {
    console.log(`templates ready in ${Math.round(performance.now() - started)} ms`);
  }
}
