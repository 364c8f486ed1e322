import { expect } from 'chai';
import { DEPARTEMENT_PATTERN, departementOf } from '../../../projections/fr-entreprises-liste/departement.ts';

const of = (codeCommune: string | null, codePostal: string | null, codePaysEtranger: string | null = null) =>
  departementOf({ codeCommune, codePostal, codePaysEtranger });

describe('Département of a head office', () => {
  it('is the first two digits of the commune code in metropolitan France', () => {
    expect(of('80001', '80100')).to.equal('80');
    expect(of('01143', '01220')).to.equal('01');
    expect(of('75118', '75018')).to.equal('75');
  });

  it('is 2A or 2B in Corsica, from the commune code even where the postal split would say otherwise', () => {
    expect(of('2A004', '20000')).to.equal('2A');
    expect(of('2B033', '20200')).to.equal('2B');
    // Ghisonaccia (2B) has postal code 20240, Ajaccio (2A) 20090; a 2B commune with a 201xx postal code:
    expect(of('2B096', '20122')).to.equal('2B');
  });

  it('falls back to the postal split of Corsica when the commune code is missing', () => {
    expect(of(null, '20090')).to.equal('2A');
    expect(of(null, '20200')).to.equal('2B');
  });

  it('takes three digits overseas: 971 to 976, and the collectivities', () => {
    expect(of('97105', '97100')).to.equal('971');
    expect(of('97209', '97200')).to.equal('972');
    expect(of('97302', '97300')).to.equal('973');
    expect(of('97411', '97400')).to.equal('974');
    expect(of('97502', '97500')).to.equal('975');
    expect(of('97611', '97600')).to.equal('976');
    expect(of('97701', '97133')).to.equal('977');
    expect(of('98727', '98770')).to.equal('987');
    expect(of(null, '97460')).to.equal('974');
  });

  it('is null for Monaco and for addresses abroad', () => {
    expect(of(null, '98000')).to.equal(null);
    expect(of(null, null, '99138')).to.equal(null);
    expect(of(null, null)).to.equal(null);
    expect(of('', '')).to.equal(null);
  });

  it('is always a code that the criteria accept', () => {
    for (const [c, p] of [
      ['80001', '80100'],
      ['2A004', '20000'],
      ['97611', '97600'],
      ['98818', '98800'],
    ] as const) {
      expect(of(c, p)).to.match(DEPARTEMENT_PATTERN);
    }
  });
});
