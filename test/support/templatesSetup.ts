import { PROJECTIONS } from '../../app/readSide.ts';
import { composedProjections } from '../../app/server/composeService.ts';
import { schemaMigrations } from '../../app/server/migrateAll.ts';
import { migratedRecipe, prepareTemplate, topSuiteEnded, topSuiteStarted } from './database.ts';
import { EUROPEAN_PROJECTIONS, europeIngestedRecipe } from './europeService.ts';
import { profileFiles, watchFileTimings } from './fileTimings.ts';
import { demoRecipe, demoSeeders } from './paidDemoService.ts';

/**
 * Mocha global setup (loaded by `require` in .mocharc.json): builds, before the first suite, the templates most
 * suites copy (the whole service migrated, the European local copies migrated and ingested, the whole demo), so that no
 * suite's `before` hook spends a template's build under mocha's timeout. Built templates are kept between runs
 * (test/support/database.ts); a run of unit tests only builds none. It also watches the suites' ends.
 */
export async function mochaGlobalSetup(this: Mocha.Runner) {
  // Mocha hands its runner to the global setup: a database a test file's suite left open (a `before` hook that
  // timed out) is closed when that suite ends, so that it fails alone (test/support/database.ts).
  const id = (suite: Mocha.Suite) => `${suite.file ?? ''}: ${suite.title}`;
  this.on('suite', (suite: Mocha.Suite) => {
    if (suite.parent?.root) topSuiteStarted(id(suite));
  });
  this.on('suite end', (suite: Mocha.Suite) => {
    if (suite.parent?.root) topSuiteEnded(id(suite));
  });
  watchFileTimings(this);
  profileFiles(this);
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
