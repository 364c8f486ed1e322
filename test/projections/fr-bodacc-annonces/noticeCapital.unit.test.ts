import fs from 'node:fs';
import { expect } from 'chai';
import { noticeCapitalOf, publishedAmount } from '../../../projections/fr-bodacc-annonces/noticeCapital.ts';
import { BODACC_CAPITAL } from '../../support/gazetteFixtures.ts';

const realNotice = () =>
  JSON.parse(fs.readFileSync(BODACC_CAPITAL, 'utf8').trim()) as Record<string, unknown>;

describe('BODACC notice capital: the amount published, and whether the notice changes it (unit)', () => {
  it('reads the real notice B202302491051: 5000 EUR, not a change of capital', () => {
    expect(noticeCapitalOf(realNotice())).to.deep.equal({
      montant: '5000',
      devise: 'EUR',
      variable: false,
      modification_capital: false,
    });
  });

  it('a descriptif that names the capital is a change of it, even with no amount published', () => {
    const notice = {
      ...realNotice(),
      listepersonnes: null,
      modificationsgenerales: JSON.stringify({ descriptif: 'Modification survenue sur le capital.' }),
    };
    expect(noticeCapitalOf(notice)).to.deep.equal({
      montant: null,
      devise: null,
      variable: false,
      modification_capital: true,
    });
  });

  it('a notice with neither a capital nor a change of it has no capital row', () => {
    expect(noticeCapitalOf({ ...realNotice(), listepersonnes: null, modificationsgenerales: null })).to.equal(
      null,
    );
  });

  it('never reads a natural person’s entry (typePersonne pp)', () => {
    const notice = {
      ...realNotice(),
      modificationsgenerales: null,
      listepersonnes: JSON.stringify({ personne: { typePersonne: 'pp', capital: { montantCapital: '10' } } }),
    };
    expect(noticeCapitalOf(notice)).to.equal(null);
  });

  it('writes amounts exactly: spaces and a decimal comma as published, nothing else', () => {
    expect(publishedAmount('1 000,50')).to.equal('1000.50');
    expect(publishedAmount('160948000')).to.equal('160948000');
    expect(publishedAmount('12.345')).to.equal(null);
    expect(publishedAmount('mille')).to.equal(null);
  });
});
