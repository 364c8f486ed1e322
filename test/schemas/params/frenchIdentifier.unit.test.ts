import { expect } from 'chai';
import { frenchVatKey, parseFrenchIdentifier } from '../../../schemas/params/frenchIdentifier.ts';

describe('French identifiers in a search text', () => {
  it('reads a SIREN spaced and labelled', () => {
    expect(parseFrenchIdentifier('SIREN 552 100 554')).to.deep.equal({
      identifier: { type: 'siren', value: '552100554', siren: '552100554' },
    });
  });

  it('reads a SIRET with dots or dashes and reduces it to its SIREN', () => {
    expect(parseFrenchIdentifier('Siret 552.100.554-00013')).to.deep.equal({
      identifier: { type: 'siret', value: '55210055400013', siren: '552100554' },
    });
  });

  it('reads a French VAT number with its numeric key (FR 40 303 265 045)', () => {
    expect(frenchVatKey('303265045')).to.equal(40);
    expect(parseFrenchIdentifier('FR 40 303 265 045')).to.deep.equal({
      identifier: { type: 'tva', value: 'FR40303265045', siren: '303265045' },
    });
    expect(parseFrenchIdentifier('N° TVA fr40303265045')).to.have.property('identifier');
  });

  it('refuses a SIREN, SIRET or VAT number whose check digits are wrong', () => {
    expect(parseFrenchIdentifier('552 100 555')).to.have.property('invalid');
    expect(parseFrenchIdentifier('55210055400014')).to.have.property('invalid');
    expect(parseFrenchIdentifier('FR 41 303 265 045')).to.have.property('invalid');
  });

  it('accepts La Poste SIRETs, which follow their own check rule', () => {
    expect(parseFrenchIdentifier('356 000 000 49837')).to.have.property('identifier');
  });

  it('leaves names alone, even with digits', () => {
    expect(parseFrenchIdentifier('3M FRANCE')).to.equal(null);
    expect(parseFrenchIdentifier('NOVA 2000')).to.equal(null);
    expect(parseFrenchIdentifier('société bretonne')).to.equal(null);
    expect(parseFrenchIdentifier('12345678')).to.equal(null);
  });
});
