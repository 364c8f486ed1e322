import { expect } from 'chai';
import { centsOf, eurosOf } from '../../../projections/eu-cordis/cordisAmount.ts';

describe('CORDIS amounts', () => {
  it('reads the real files’ decimals, point or comma, to integer cents', () => {
    expect(centsOf('230000')).to.equal('23000000');
    expect(centsOf('284812.5')).to.equal('28481250');
    expect(centsOf('528340.97')).to.equal('52834097');
    expect(centsOf('960619,95')).to.equal('96061995');
    expect(centsOf('0')).to.equal('0');
  });

  it('never guesses: empty, a third decimal or text is null', () => {
    expect(centsOf('')).to.equal(null);
    expect(centsOf(null)).to.equal(null);
    expect(centsOf('1.005')).to.equal(null);
    expect(centsOf('1 000')).to.equal(null);
  });

  it('serves the published decimal exactly in JSON', () => {
    for (const published of ['528340.97', '284812.5', '230000', '0.01', '9999999999999.99', '214236.79']) {
      expect(JSON.stringify(eurosOf(centsOf(published)))).to.equal(published);
    }
    expect(JSON.stringify(eurosOf(centsOf('960619,95')))).to.equal('960619.95');
    expect(eurosOf(null)).to.equal(null);
  });
});
