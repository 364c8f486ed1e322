import { expect } from 'chai';
import { centsOf } from '../../../projections/fr-decp/decpRow.ts';

describe('DECP amounts in integer cents', () => {
  it('reads published decimals exactly, whatever their notation', () => {
    expect(centsOf('77899.0')).to.equal('7789900');
    expect(centsOf('127835.12')).to.equal('12783512');
    expect(centsOf('200000')).to.equal('20000000');
    expect(centsOf('0.1')).to.equal('10');
    expect(centsOf('1.5e3')).to.equal('150000');
    expect(centsOf('-12.30')).to.equal('-1230');
  });

  it('gives no amount rather than a rounded or overflowing one', () => {
    expect(centsOf('12.345')).to.equal(null);
    expect(centsOf('1.0e17')).to.equal(null);
    expect(centsOf('NC')).to.equal(null);
    expect(centsOf(null)).to.equal(null);
    expect(centsOf('12.340')).to.equal('1234');
  });
});
