import { expect } from 'chai';
import { decpContractHolders, decpHoldersOf } from '../../../schemas/records/decpHolders.ts';

// Holder values as the fixtures publish them (test/fixtures/fr-decp/SOURCE.txt).
describe('DECP holders in every published shape', () => {
  it('reads the 2019 list and the 2024 wrapped list alike', () => {
    const flat = decpHoldersOf([{ typeIdentifiant: 'SIRET', id: '65265021900023' }]);
    const wrapped = decpHoldersOf([{ titulaire: { typeIdentifiant: 'SIRET', id: '65265021900023' } }]);
    expect(flat).to.deep.equal(wrapped);
    expect(flat).to.deep.equal([{ typeIdentifiant: 'SIRET', id: '65265021900023', siren: '652650219' }]);
  });

  it('gives no SIREN for another identifier type, a malformed SIRET, or what an XML conversion left', () => {
    expect(decpHoldersOf([{ titulaire: { typeIdentifiant: 'TVA', id: '99999999999' } }])[0]).to.include({
      siren: null,
      inutilisable: 'autre_type_identifiant',
    });
    expect(decpHoldersOf([{ titulaire: { id: '98756638100011', typeIdentifiant: 'SIRET' } }])[0]).to.include({
      siren: null,
      inutilisable: 'siret_mal_forme',
    });
    expect(decpHoldersOf([{ titulaire: 'typeIdentifiant' }, { titulaire: 'id' }])).to.have.length(2);
  });

  it('flattens lists nested in lists, and counts the holders modifications add', () => {
    const record = {
      titulaires: [{ typeIdentifiant: 'SIRET', id: '34027049500021' }],
      modifications: [
        {
          modification: {
            id: '1',
            titulaires: [[[[{ typeIdentifiant: 'TVA', id: '1111111111' }]]]],
          },
        },
      ],
    };
    expect(decpContractHolders(record).map((h) => h.id)).to.deep.equal(['34027049500021', '1111111111']);
  });
});
