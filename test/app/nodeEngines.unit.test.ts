import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import semver from 'semver';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';

interface LockEntry {
  engines?: { node?: unknown };
}

const manifest = JSON.parse(readFileSync(`${SOURCE_ROOT}/package.json`, 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(`${SOURCE_ROOT}/package-lock.json`, 'utf8')) as {
  packages: Record<string, LockEntry>;
};

// `npm install` prints an EBADENGINE warning for every installed package whose `engines.node` refuses the running
// Node: on the oldest Node the service claims, none may refuse it.
describe('the Node versions the service claims', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('include Node 20', () => {
    expect(semver.intersects(manifest.engines.node, '20.x')).to.equal(true);
  });

  it(`are accepted by every locked package (checked on the oldest, ${oldest})`, () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldest, entry.engines!.node as string))
      .map(([where, entry]) => `${where} (node ${entry.engines!.node as string})`);
    expect(refusing).to.deep.equal([]);
  });
});
