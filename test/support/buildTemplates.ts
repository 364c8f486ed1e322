/**
 * Builds the templates the suites copy (templatesSetup.ts) outside mocha, for the target DATABASE_URL names
 * (the embedded database without it): `.ci/run` builds both targets' side by side before the passes, on both
 * cores, where each pass would build its own on one core while the other waits. A template that fails here is
 * built by the pass's own setup, or by the first suite that needs it.
 */
import { mochaGlobalSetup } from './templatesSetup.ts';

const started = performance.now();
await mochaGlobalSetup();
const target = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded';
console.log(`${target} test templates ready in ${Math.round(performance.now() - started)} ms`);
