import { expect } from 'chai';
import { ibanRefusal, polishNrb, readIban } from '../../schemas/invoicing/bankOfIban.ts';
import { mandatOf } from '../../schemas/invoicing/mandatFacturation.ts';

describe('IBAN reading: form, key and the bank of the national lists (unit)', () => {
  it('BE: the 3-digit code in the NBB list’s ranges', () => {
    expect(readIban('BE71 0961 2345 6769')).to.deep.include({
      iban: 'BE71096123456769',
      pays: 'BE',
      forme_valide: true,
      cle_valide: true,
      code_banque: '096',
    });
    expect(readIban('BE71096123456769').banque).to.deep.equal({
      nom: 'BELFIUS BANK',
      bic: 'GKCCBEBB',
      unite: null,
      liste: 'Banque nationale de Belgique, codes d’identification bancaire, version 01/10/2022',
    });
  });

  it('PL: the exact sorting code names the unit; the bank number alone names the bank', () => {
    expect(readIban('PL12101010100075912221000000').banque).to.include({
      nom: 'Narodowy Bank Polski',
      unite: 'Oddział Okręgowy w Warszawie',
    });
    expect(readIban('PL19102052420000260203597267').banque).to.include({ bic: 'BPKOPLPWXXX', unite: null });
    expect(polishNrb('PL19 1020 5242 0000 2602 0359 7267')).to.equal('19102052420000260203597267');
  });

  it('a bank the list does not hold, or a country without a list: null, never guessed', () => {
    expect(readIban('DE89370400440532013000').banque).to.equal(null);
    expect(readIban('FR7630006000011234567890189').banque).to.equal(null);
  });

  it('refuses a wrong key or a malformed IBAN', () => {
    expect(ibanRefusal('BE71096123456769')).to.equal(null);
    expect(ibanRefusal('BE71096123456768')).to.be.a('string');
    expect(ibanRefusal('not an iban')).to.be.a('string');
  });

  it('the mandate table: in force measured on the day asked', () => {
    expect(mandatOf('FR', '2026-08-31').en_vigueur).to.equal(false);
    expect(mandatOf('FR', '2026-09-01').en_vigueur).to.equal(true);
    expect(mandatOf('BE', '2026-12-02')).to.include({ canal_par_defaut: 'peppol', en_vigueur: true });
  });
});
