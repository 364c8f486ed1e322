import { expect } from 'chai';
import { egaproIndexRow, noteOf, uesMembers } from '../../../projections/fr-egapro/egaproRow.ts';

describe('Egapro rows', () => {
  it('a note is an integer from 0 to 100; NC, empty or anything else is null, never a guess', () => {
    expect(noteOf('94')).to.equal(94);
    expect(noteOf('0')).to.equal(0);
    expect(noteOf('NC')).to.equal(null);
    expect(noteOf(null)).to.equal(null);
    expect(noteOf('94.5')).to.equal(null);
    expect(noteOf('140')).to.equal(null);
  });

  it('the UES members are the 9-digit numbers of the cell, each once, with or without parentheses', () => {
    expect(uesMembers('OCS (539311373),ORANGE STUDIO (440419240)')).to.deep.equal(['539311373', '440419240']);
    expect(uesMembers('ENTREPRISE A (987654321), ENTREPRISE B 222222222')).to.deep.equal([
      '987654321',
      '222222222',
    ]);
    expect(uesMembers('MiraBaz (315710251),MiraPouet (315710251)')).to.deep.equal(['315710251']);
    expect(uesMembers(null)).to.deep.equal([]);
  });

  it('a UES row lists its members without the declarant, and is marked as a UES’s', () => {
    const row = egaproIndexRow({
      register: 'fr.egapro',
      kind: 'index',
      id: '501615355-2023',
      record: {
        Année: '2023',
        SIREN: '501615355',
        Structure: 'Unité Economique et Sociale (UES)',
        'Nom UES': 'UES OCS OPTV OS',
        'Entreprises UES (SIREN)': 'ORANGE PRESTATIONS TV (501615355),OCS (539311373)',
        'Note Index': '99',
      },
    });
    expect(row).to.deep.include({ note: 99, est_ues: true, ues_membres: ['539311373'] });
  });
});
