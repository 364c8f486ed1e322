import { expect } from 'chai';
import { parseEuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';

describe('EU VAT numbers: spelling, member state, format and check digits (unit)', () => {
  it('normalises spaces, dots, hyphens and lower case, and splits the prefix from the number', () => {
    expect(parseEuVatNumber('lv 4410-3126.607')).to.deep.equal({
      memberState: 'LV',
      number: '44103126607',
      canonical: 'LV44103126607',
    });
  });

  it('reads Greece’s ISO code GR as VIES’s EL', () => {
    expect(parseEuVatNumber('GR094259216')).to.deep.include({ memberState: 'EL', canonical: 'EL094259216' });
  });

  it('covers Northern Ireland (XI) with the United Kingdom’s rules, but not Great Britain (GB)', () => {
    expect(parseEuVatNumber('XI980780684')).to.deep.include({ memberState: 'XI', number: '980780684' });
    expect(parseEuVatNumber('GB980780684')).to.deep.equal({ refusal: 'pays_non_couvert' });
  });

  it('refuses a wrong check digit, and a number in the wrong format', () => {
    expect(parseEuVatNumber('FR68005420121')).to.deep.equal({ refusal: 'cle' });
    expect(parseEuVatNumber('DE12345')).to.deep.equal({ refusal: 'format' });
  });

  it('accepts Belgian enterprise numbers beginning with 1 (issued since 2023), and checks their key', () => {
    expect(parseEuVatNumber('BE1029025290')).to.deep.include({ memberState: 'BE', number: '1029025290' });
    expect(parseEuVatNumber('BE 0403.170.701')).to.deep.include({ canonical: 'BE0403170701' });
    expect(parseEuVatNumber('BE1029025291')).to.deep.equal({ refusal: 'cle' });
    expect(parseEuVatNumber('BE2029025290')).to.deep.equal({ refusal: 'format' });
  });

  it('refuses what carries no member state’s prefix', () => {
    for (const value of ['CHE123456789', '44103126607', 'US123456789']) {
      expect(parseEuVatNumber(value), value).to.deep.equal({ refusal: 'pays_non_couvert' });
    }
  });
});
