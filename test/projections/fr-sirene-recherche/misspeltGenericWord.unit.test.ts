import { expect } from 'chai';
import { isMisspeltGenericWord } from '../../../projections/fr-sirene-recherche/searchStages.ts';

describe('Misspelt generic words of a search', () => {
  it('a generic word one or two letters off is one', () => {
    for (const w of ['soviete', 'socite', 'etablissemennts', 'etablissemets', 'etalissements', 'compagine']) {
      expect(isMisspeltGenericWord(w), w).to.equal(true);
    }
  });

  it('the generic word itself, short words and other words are not', () => {
    for (const w of ['societe', 'etablissements', 'campagne', 'society2', 'duval', 'sociale', 'ste']) {
      expect(isMisspeltGenericWord(w), w).to.equal(false);
    }
  });
});
