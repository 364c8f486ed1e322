import { topSuiteEnded, topSuiteStarted } from './database.ts';
import { fileProfiler, fileTimer } from './fileTimings.ts';

/**
 * Mocha root hook plugin (loaded by `require` in .mocharc.cjs): each test file's top-level suite gets a first
 * `before` hook and a last `after` hook, in the process that runs it (a parallel worker, or the one serial
 * process), where mocha's runner events do not reach. They tell the test database which suite holds it (a
 * database a suite left open, its `before` hook having timed out, is closed at its end: it fails alone), and
 * time or profile the file when asked (TEST_FILE_TIMINGS, TEST_CPU_PROFILES).
 *
 * The root `before` hook runs once per run in serial mode and once per file in parallel mode: either way, every
 * top suite is watched before it starts. A suite whose own `after` hook failed skips the hooks after it: its
 * end is then taken when the next suite of the process starts.
 */
export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    const root = this.test?.parent;
    if (!root) return;
    for (const suite of root.suites) watch(suite);
  },
};

interface Watched {
  id: string;
  end(): void;
}

const watched = new WeakSet<Mocha.Suite>();
const timer = fileTimer();
const profiler = fileProfiler();
let running: Watched | null = null;

/** Mocha keeps a suite's `before` hooks in this (private) array, run in order. */
type SuiteHooks = { _beforeAll: Mocha.Hook[] };

function watch(suite: Mocha.Suite) {
  if (watched.has(suite)) return;
  watched.add(suite);
  const file = suite.file?.replace(`${process.cwd()}/`, '') ?? '';
  const id = `${file}: ${suite.title}`;
  suite.beforeAll('test file started', async () => {
    running?.end();
    const stopTimer = timer.start(file || suite.title, suite);
    const stopProfile = profiler.start(file || suite.title);
    let ended = false;
    running = {
      id,
      end() {
        if (ended) return;
        ended = true;
        running = null;
        topSuiteEnded(id);
        stopTimer();
        stopProfile();
      },
    };
    topSuiteStarted(id);
  });
  // First of its `before` hooks, so that what the suite's own hooks open is counted as its own.
  const hooks = (suite as unknown as SuiteHooks)._beforeAll;
  hooks.unshift(hooks.pop()!);
  suite.afterAll('test file ended', () => {
    if (running?.id === id) running.end();
  });
}
