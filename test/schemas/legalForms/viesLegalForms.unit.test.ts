import { expect } from 'chai';
import { namesLegalPerson } from '../../../schemas/legalForms/viesLegalForms.ts';

describe('Legal-form tokens in a name VIES returns (unit)', () => {
  it('recognises the forms VIES answers carry, as words of their own, dots and case aside', () => {
    for (const name of [
      'SIA "WD Market"',
      'Microsoft Danmark ApS',
      'ACME GmbH',
      'EDP, S.A.',
      'De Vries Holding B.V.',
      'Firma sp. z o.o.',
      'ACME s.r.o.',
      'ORLEN SPÓŁKA AKCYJNA',
    ]) {
      expect(namesLegalPerson(name), name).to.equal(true);
    }
  });

  it('does not take a person’s name, nor a form inside a word, for a legal person', () => {
    for (const name of ['JEAN DUPONT', 'Pedro Castro', 'SABINE MARTIN', 'LASAGNA KITCHEN']) {
      expect(namesLegalPerson(name), name).to.equal(false);
    }
  });
});
