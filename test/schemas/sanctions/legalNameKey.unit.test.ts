import { expect } from 'chai';
import { identifierKey, legalNameKey } from '../../../schemas/sanctions/legalNameKey.ts';

describe('legal name key', () => {
  it('sets aside case, accents and punctuation', () => {
    expect(legalNameKey('İslami Büyük Doğu Akıncılar Cephesi')).to.equal(
      'ISLAMI BUYUK DOGU AKINCILAR CEPHESI',
    );
    expect(legalNameKey('IBDA-C')).to.equal(legalNameKey('ibda c'));
  });

  it('drops legal forms at either end, in Latin and Cyrillic script', () => {
    expect(legalNameKey('Limited Liability Company "SKF Arktika"')).to.equal('SKF ARKTIKA');
    expect(legalNameKey('LLC SKF Arktika')).to.equal('SKF ARKTIKA');
    expect(legalNameKey('JSC Gruppa Kremniy El')).to.equal('GRUPPA KREMNIY EL');
    expect(legalNameKey('Petropars Ltd.')).to.equal('PETROPARS');
    expect(legalNameKey('SOCIETE ALPINE SARL')).to.equal('SOCIETE ALPINE');
    expect(legalNameKey('АО Группа Кремний Эл')).to.equal(legalNameKey('Группа Кремний Эл'));
  });

  it('keeps a name made of a legal form only', () => {
    expect(legalNameKey('S.A.')).to.equal('S A');
    expect(legalNameKey('LLC')).to.equal('LLC');
  });

  it('keys an identifier by its type and its letters and digits only', () => {
    expect(identifierKey('siren', '889 271 375')).to.equal('siren:889271375');
    expect(identifierKey('num', '12')).to.equal(null);
    expect(identifierKey('num', 'ABCDEF')).to.equal(null);
  });
});
