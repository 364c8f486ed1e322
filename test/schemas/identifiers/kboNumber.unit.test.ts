import { expect } from 'chai';
import { kboDate } from '../../../projections/be-kbo/beKboProfile.ts';
import { beKboStatut } from '../../../projections/be-kbo/beKboStatut.ts';
import { enterpriseNumberOf, isValidKboNumber } from '../../../schemas/identifiers/kboNumber.ts';

describe('KBO enterprise numbers, dates and status (unit)', () => {
  it('checks 97 − (first eight digits mod 97)', () => {
    expect(isValidKboNumber('0403170701')).to.equal(true);
    expect(isValidKboNumber('1029025290')).to.equal(true);
    expect(isValidKboNumber('1029025291')).to.equal(false);
    expect(isValidKboNumber('403170701')).to.equal(false);
  });

  it('reads a published number, dotted or not, and one that lost its leading zero', () => {
    expect(enterpriseNumberOf('0403.170.701')).to.equal('0403170701');
    expect(enterpriseNumberOf('403.170.701')).to.equal('0403170701');
    expect(enterpriseNumberOf('403170701')).to.equal('0403170701');
  });

  it('does not take an establishment unit or a branch for an enterprise', () => {
    expect(enterpriseNumberOf('2.190.171.611')).to.equal(null);
    expect(enterpriseNumberOf('9.000.000.123')).to.equal(null);
    expect(enterpriseNumberOf('')).to.equal(null);
  });

  it('turns DD-MM-YYYY into an ISO date, and a placeholder year into no date', () => {
    expect(kboDate('14-03-2005')).to.equal('2005-03-14');
    expect(kboDate('01-01-0001')).to.equal(null);
    expect(kboDate(null)).to.equal(null);
  });

  it('normalises the juridical situation to the three statuses', () => {
    expect(beKboStatut('AC', '000')).to.equal('actif');
    expect(beKboStatut('AC', '091')).to.equal('actif');
    expect(beKboStatut('AC', '050')).to.equal('en_cessation');
    expect(beKboStatut('AC', '014')).to.equal('radie');
  });
});
