import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { targetDescription } from './database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURES = 'test/fixtures/mocha-held-database';

/**
 * Mocha on two files in one process, as a worker runs them: the first suite's `before` hook times out while
 * its database is open; the second must still get one (test/support/topSuites.ts closes what the first left).
 */
describe(`A suite whose before hook times out does not hold the test database (${targetDescription})`, function () {
  this.timeout(60_000);

  it('the next file opens its database and passes; only the first fails', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [
        'node_modules/mocha/bin/mocha.js',
        '--no-config',
        '--no-parallel',
        '--exit',
        '--node-option',
        'import=tsx',
        '--require',
        'test/support/topSuites.ts',
        `${FIXTURES}/a-holds.spec.ts`,
        `${FIXTURES}/b-opens.spec.ts`,
      ],
      { cwd: ROOT, env: { ...process.env, TEST_FILE_TIMINGS: '' } },
    ).catch((err: { stdout: string; stderr: string; code: number }) => err);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).to.match(/1 passing/);
    expect(output).to.match(/1 failing/);
    expect(output).to.match(/Timeout of 300ms exceeded/);
    expect(output).to.include('test database left open by');
  });
});
