import { expect } from 'chai';
import { hatvpDate } from '../../../projections/fr-hatvp/hatvpRow.ts';

describe('HATVP dates', () => {
  it('reads the publication form, the exercise form and an ISO date as the day', () => {
    expect(hatvpDate('27/04/2018 11:46:04')).to.equal('2018-04-27');
    expect(hatvpDate('01-07-2017')).to.equal('2017-07-01');
    expect(hatvpDate('2018-04-30T20:17:15')).to.equal('2018-04-30');
  });

  it('gives null for what is absent or not a date', () => {
    for (const value of [null, undefined, '', '31/13/2020', '2020', 20200101]) {
      expect(hatvpDate(value), String(value)).to.equal(null);
    }
  });
});
