import { expect } from 'chai';
import {
  compactSwissUid,
  dottedSwissUid,
  isValidSwissUid,
  publishedSwissUid,
} from '../../../schemas/identifiers/swissUid.ts';

describe('Swiss UID (CHE-123.456.789, check digit weights 5,4,3,2,7,6,5,4 modulo 11)', () => {
  it('accepts real UIDs in every spelling: dots and hyphens optional', () => {
    for (const uid of [
      'CHE-102.925.180', // check digit 11 → 0
      'CHE-307.336.313',
      'CHE-159.326.663',
      'CHE238945329',
      'CHE-238945329',
      'che-238.945.329',
    ]) {
      expect(isValidSwissUid(uid), uid).to.equal(true);
    }
  });

  it('refuses a wrong check digit, one that would be 10, and other shapes', () => {
    // 1,0,0,0,0,0,0,4: Σ = 5 + 16 = 21, 11 − (21 mod 11) = 1.
    expect(isValidSwissUid('CHE-102.925.181')).to.equal(false);
    expect(isValidSwissUid('CHE-100.000.040')).to.equal(false);
    expect(isValidSwissUid('CHE-100.000.041')).to.equal(true);
    for (const bad of [
      'CHE-100.001.00',
      'CHE-1000.000.06',
      '100000006',
      'CHF-100.000.006',
      'CHE 100 000 006',
    ]) {
      expect(isValidSwissUid(bad), bad).to.equal(false);
    }
    // 0,0,0,0,0,0,0,3: Σ = 12, 11 − (12 mod 11) = 10: never issued, whatever the last digit.
    for (let d = 0; d <= 9; d++) expect(isValidSwissUid(`CHE-000.000.03${d}`)).to.equal(false);
  });

  it('spells a UID for each register: dotted for the gazette, compact for Zefix', () => {
    expect(dottedSwissUid('CHE238945329')).to.equal('CHE-238.945.329');
    expect(compactSwissUid('che-238.945.329')).to.equal('CHE238945329');
    expect(publishedSwissUid('CHE238945329')).to.equal('CHE-238.945.329');
    expect(publishedSwissUid('CH02070021050')).to.equal(null);
  });
});
