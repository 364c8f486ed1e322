import { expect } from 'chai';
import { checkSearchText, cleanSearchText } from '../../../schemas/params/searchText.ts';

describe('search text cleaning', () => {
  it('keeps letters with their accents, digits and the punctuation of names', () => {
    expect(cleanSearchText("  L'Atelier   d’Élise & Fils (Nîmes) 2-B ")).to.equal(
      "L'Atelier d’Élise & Fils (Nîmes) 2-B",
    );
  });

  it('strips markup, quotes, wildcards and symbols', () => {
    expect(cleanSearchText('<b>"SODIPA"</b>;%_*☃')).to.equal('bSODIPA/b');
  });

  it('refuses a text with nothing searchable left, or more than 100 characters', () => {
    expect(checkSearchText('☃ <> %')).to.be.a('string');
    expect(checkSearchText('a'.repeat(101))).to.contain('101');
    expect(checkSearchText(`${'%'.repeat(300)}${'a'.repeat(100)}`)).to.equal(null);
    expect(checkSearchText('a')).to.equal(null);
  });
});
