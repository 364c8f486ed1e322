import { expect } from 'chai';
import { frenchVatOf, readCordisVat } from '../../../schemas/records/cordisVat.ts';

describe('CORDIS VAT numbers', () => {
  it('reads the real files’ numbers of other countries as published', () => {
    expect(readCordisVat('ESB66340514')).to.deep.equal({ vat: 'ESB66340514', siren: null });
    expect(readCordisVat('CHE105833232MWST')).to.deep.equal({ vat: 'CHE105833232MWST', siren: null });
    expect(readCordisVat('EL090145420')).to.deep.equal({ vat: 'EL090145420', siren: null });
  });

  it('reads a French number to its SIREN when its key and Luhn digit check, spaces allowed', () => {
    expect(readCordisVat('FR 40 303 265 045')).to.deep.equal({ vat: 'FR40303265045', siren: '303265045' });
    expect(frenchVatOf('303265045')).to.equal('FR40303265045');
    expect(frenchVatOf('005420120')).to.match(/^FR\d{2}005420120$/);
  });

  it('sets aside a French number whose key or SIREN fails, and says why', () => {
    expect(readCordisVat('FR41303265045')).to.deep.equal({ unreadable: 'tva_illisible' });
    expect(readCordisVat('FR40303265046')).to.deep.equal({ unreadable: 'tva_illisible' });
    expect(readCordisVat('FRAB303265045')).to.deep.equal({ unreadable: 'tva_illisible' });
    expect(readCordisVat('')).to.deep.equal({ unreadable: 'sans_tva' });
    expect(readCordisVat(null)).to.deep.equal({ unreadable: 'sans_tva' });
    expect(readCordisVat('n/a')).to.deep.equal({ unreadable: 'tva_illisible' });
  });
});
