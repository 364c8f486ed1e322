import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { manifestSha256 } from '../../../ingest/core/filesPass.ts';

describe('Pass fingerprint of several files', () => {
  const a = { nom: 'register.csv', sha256: 'a'.repeat(64) };
  const b = { nom: 'members.csv', sha256: 'b'.repeat(64) };

  it('is the SHA-256 of the sorted sha256sum-style lines of the files', () => {
    const expected = createHash('sha256')
      .update(`${'a'.repeat(64)}  register.csv\n${'b'.repeat(64)}  members.csv\n`)
      .digest('hex');
    expect(manifestSha256([b, a])).to.equal(expected);
  });

  it('does not depend on the order the files were read in', () => {
    expect(manifestSha256([a, b])).to.equal(manifestSha256([b, a]));
  });

  it('changes when one file changes', () => {
    expect(manifestSha256([a, { ...b, sha256: 'c'.repeat(64) }])).not.to.equal(manifestSha256([a, b]));
  });
});
