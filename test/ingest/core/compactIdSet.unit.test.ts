import { expect } from 'chai';
import { CompactIdSet } from '../../../ingest/core/compactIdSet.ts';

describe('CompactIdSet: identifiers seen, 12 bytes each', () => {
  it('adds an identifier once: a second add answers false', () => {
    const seen = new CompactIdSet();
    expect(seen.add('21030042200016202401L04')).to.equal(true);
    expect(seen.add('21030042200016202401L05')).to.equal(true);
    expect(seen.add('21030042200016202401L04')).to.equal(false);
    expect(seen.size).to.equal(2);
  });

  it('keeps every identifier as it grows past its first capacity', () => {
    const seen = new CompactIdSet(16);
    for (let i = 0; i < 100_000; i++) expect(seen.add(`id-${i}`)).to.equal(true);
    for (let i = 0; i < 100_000; i += 997) expect(seen.add(`id-${i}`)).to.equal(false);
    expect(seen.size).to.equal(100_000);
  });
});
