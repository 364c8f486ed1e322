import { expect } from 'chai';
import { isPersonalCode, maskPersonalCodes } from '../../../ingest/ee-ariregister/personalCode.ts';

describe('Estonian personal codes inside free text', () => {
  it('accepts a code whose check digit is right and refuses the same code with another check digit', () => {
    expect(isPersonalCode('38507079995')).to.equal(true);
    expect(isPersonalCode('38507079994')).to.equal(false);
  });

  it('masks a valid code and keeps amounts, registry codes and invalid 11-digit numbers', () => {
    expect(
      maskPersonalCodes('Isik (38507079995), üle 10000 euro, registrikood 16900001, nr 38507079994'),
    ).to.equal('Isik ([isikukood masqué]), üle 10000 euro, registrikood 16900001, nr 38507079994');
  });

  it('does not mask 11 digits inside a longer number', () => {
    expect(maskPersonalCodes('konto 138507079995')).to.equal('konto 138507079995');
  });
});
