import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { manifestSha256 } from '../../../ingest/core/fileFingerprint.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('fingerprint of a pass over several files', () => {
  const units = { name: 'StockUniteLegale_utf8.zip', sha256: sha('units'), bytes: 5 };
  const estabs = { name: 'StockEtablissement_utf8.zip', sha256: sha('estabs'), bytes: 6 };

  it('is the SHA-256 of the sha256sum-style manifest sorted by file name', () => {
    const manifest = `${estabs.sha256}  ${estabs.name}\n${units.sha256}  ${units.name}\n`;
    expect(manifestSha256([units, estabs])).to.equal(sha(manifest));
  });

  it('does not depend on the order the files are given in', () => {
    expect(manifestSha256([units, estabs])).to.equal(manifestSha256([estabs, units]));
  });

  it('changes when one file changes', () => {
    expect(manifestSha256([units, estabs])).not.to.equal(
      manifestSha256([units, { ...estabs, sha256: sha('x') }]),
    );
  });

  it('is the file’s own SHA-256 for a single file', () => {
    expect(manifestSha256([units])).to.equal(units.sha256);
  });
});
