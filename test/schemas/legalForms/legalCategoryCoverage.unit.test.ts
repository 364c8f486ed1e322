import { expect } from 'chai';
import {
  legalCategoryRefusal,
  servedLegalCategorySql,
} from '../../../schemas/legalForms/legalCategoryCoverage.ts';

describe('Legal categories the French routes serve', () => {
  it('refuses a sole proprietor (1000) as a natural person', () => {
    expect(legalCategoryRefusal('1000')).to.equal('entreprise_individuelle');
  });

  it('refuses groups without legal personality: 0000, 2xxx and the undeclared association 9210', () => {
    for (const c of ['0000', '2110', '2900', '9210']) {
      expect(legalCategoryRefusal(c), c).to.equal('groupement_sans_personnalite_morale');
    }
  });

  it('serves legal persons, declared associations included', () => {
    for (const c of ['5499', '5710', '6540', '7210', '9220', '9300'])
      expect(legalCategoryRefusal(c), c).to.equal(null);
  });

  it('its SQL form excludes 9210 and keeps 9220', () => {
    const sql = servedLegalCategorySql('c');
    expect(sql).to.contain("c <> '9210'");
    expect(sql).to.contain("c ~ '^[3-9][0-9]{3}$'");
  });
});
