import { expect } from 'chai';
import {
  DOSSIER_BASE_PRICE,
  DOSSIER_PRICE_CAP,
  dossierPrice,
} from '../../../api/routes/dossier/dossierPrice.ts';
import { BLOCS_DOSSIER, blocsOf, checkBlocs } from '../../../schemas/params/blocs.ts';

describe('Dossier price and blocks (unit)', () => {
  it('is the base alone when no block is served', () => {
    expect(dossierPrice([])).to.equal(5_000);
    expect(DOSSIER_BASE_PRICE).to.equal(5_000);
  });

  it('adds each served block at its own price', () => {
    expect(dossierPrice([3_000, 10_000, 10_000])).to.equal(28_000);
  });

  it('never exceeds $0.35, and reaches it exactly', () => {
    expect(DOSSIER_PRICE_CAP).to.equal(350_000);
    expect(dossierPrice([345_000])).to.equal(350_000);
    expect(dossierPrice([340_000, 10_000])).to.equal(350_000);
    expect(dossierPrice([1_000_000, 1_000_000])).to.equal(350_000);
    expect(dossierPrice([344_999])).to.equal(349_999);
  });

  it('reads the blocks in the order asked, each once, and refuses a name outside the closed list', () => {
    expect(blocsOf('finances, etablissements,finances')).to.deep.equal(['finances', 'etablissements']);
    expect(checkBlocs('finances,pi')).to.equal(null);
    const refusal = checkBlocs('finances,bilan');
    expect(refusal).to.contain('« bilan »');
    for (const bloc of BLOCS_DOSSIER) expect(refusal).to.contain(bloc);
    expect(checkBlocs(',')).to.contain('(vide)');
    expect(checkBlocs('finances,')).to.contain('(vide)');
  });
});
