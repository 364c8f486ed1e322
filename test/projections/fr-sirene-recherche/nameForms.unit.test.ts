import { expect } from 'chai';
import {
  essentialName,
  nameForms,
  nameKey,
  normalisedName,
} from '../../../projections/fr-sirene-recherche/nameForms.ts';

describe('Indexed forms of a company name', () => {
  it('normalised: lower case, accents and punctuation gone, one space between words', () => {
    expect(normalisedName("  L'Écluse -- Café & Crème, S.A.R.L.  ")).to.equal('l ecluse cafe creme s a r l');
    expect(normalisedName('ÇA DÉMÉNAGE À NOËL')).to.equal('ca demenage a noel');
  });

  it('letters that do not decompose are spelt out as the unaccent rules do', () => {
    expect(normalisedName('ŒUVRE DES ÆLES')).to.equal('oeuvre des aeles');
    expect(normalisedName('Straße Łódź Øresund')).to.equal('strasse lodz oresund');
  });

  it('accents written as combining marks are removed like precomposed ones', () => {
    expect(normalisedName('Cafe\u0301 Cre\u0300me')).to.equal('cafe creme');
  });

  it('essential: generic words (legal forms, articles) are left out', () => {
    expect(essentialName('SOCIETE GENERALE')).to.equal('generale');
    expect(essentialName('SARL LES JARDINS DU SUD')).to.equal('jardins sud');
    expect(essentialName('Sté des Établissements Martin et Cie')).to.equal('martin');
  });

  it('essential: a name of generic words only keeps them all, an empty one is null', () => {
    expect(essentialName('SOCIETE DES ETABLISSEMENTS')).to.equal('societe des etablissements');
    expect(essentialName(' -- ')).to.equal(null);
    expect(essentialName(null)).to.equal(null);
  });

  it('key: distinct essential words in byte order, whatever their order in the name', () => {
    expect(nameKey('TRANSPORTS DURAND ET FILS')).to.equal('durand fils transports');
    expect(nameKey('FILS DURAND TRANSPORTS')).to.equal('durand fils transports');
    expect(nameKey('ABC 2000 ABC')).to.equal('2000 abc');
    expect(nameKey('')).to.equal(null);
  });

  it("a row's forms: every name's key, every essential word, once each and sorted", () => {
    expect(nameForms('BOULANGERIE DU PORT', ['BDP', 'LE FOURNIL DU PORT'])).to.deep.equal({
      nom_essentiel: 'boulangerie port',
      autres_essentiels: 'bdp fournil port',
      cles: ['bdp', 'boulangerie port', 'fournil port'],
      mots: ['bdp', 'boulangerie', 'fournil', 'port'],
    });
  });

  it('a row without a denomination nor other names has no key and no word', () => {
    expect(nameForms(null, [])).to.deep.equal({
      nom_essentiel: null,
      autres_essentiels: null,
      cles: [],
      mots: [],
    });
  });
});
