import { expect } from 'chai';
import { croDate, ieCroProfile } from '../../../projections/ie-cro/ieCroProfile.ts';
import { ieCroStatut } from '../../../projections/ie-cro/ieCroStatut.ts';

describe('CRO company → unified profile', () => {
  it('the real sample row (673935) maps every member', () => {
    const row = ieCroProfile('673935', {
      company_num: '673935',
      company_name: 'INNOVA-SHIELD LIMITED',
      company_status_code: '1156',
      company_status: 'Strike Off Listed',
      company_type_code: '1153',
      company_type: 'LTD - Private Company Limited by Shares',
      company_reg_date: '2020-07-15',
      company_address_1: 'THE BLACK CHURCH',
      company_address_2: "ST. MARY'S PLACE",
      company_address_3: 'DUBLIN 7',
      company_address_4: 'DUBLIN 7, DUBLIN',
      eircode: 'D07P4AX',
    });
    expect(row).to.deep.equal({
      id_national: '673935',
      personne_physique: false,
      denomination: 'INNOVA-SHIELD LIMITED',
      forme_code: 'LTD',
      forme_libelle: 'LTD - Private Company Limited by Shares',
      statut: 'en_cessation',
      statut_detail: 'Strike Off Listed',
      date_creation: '2020-07-15',
      adresse: "THE BLACK CHURCH, ST. MARY'S PLACE, DUBLIN 7, DUBLIN 7, DUBLIN",
      code_postal: 'D07P4AX',
      ville: 'DUBLIN 7',
      pays_adresse: 'IE',
      tva: null,
      lei: null,
      lien_registre: 'https://core.cro.ie/company/673935',
    });
  });

  it('the “NO ADDRESS DETAILS” placeholder is no address', () => {
    const row = ieCroProfile('900003', {
      company_name: 'OLD SAMPLE MILLS LIMITED',
      company_address_1: '********NO ADDRESS DETAILS*******',
      eircode: null,
    });
    expect([row.adresse, row.ville, row.code_postal, row.pays_adresse]).to.deep.equal([
      null,
      null,
      null,
      null,
    ]);
  });

  it('statuses: Normal is actif, proceedings en_cessation, dissolution radie, an unknown label none', () => {
    expect(ieCroStatut('Normal ')).to.equal('actif');
    for (const l of ['Strike Off Listed', 'Liquidation', 'Receivership', 'Examinership']) {
      expect(ieCroStatut(l), l).to.equal('en_cessation');
    }
    expect(ieCroStatut('Dissolved')).to.equal('radie');
    expect(ieCroStatut('Something New')).to.equal(null);
  });

  it('dates: ISO and DataStore forms are read, 0001-01-01 is no date, a pre-1900 date is kept', () => {
    expect(croDate('2018-09-05T00:00:00')).to.equal('2018-09-05');
    expect(croDate('0001-01-01T00:00:00Z')).to.equal(null);
    expect(croDate('1889-05-01')).to.equal('1889-05-01');
    expect(croDate('05/09/2018')).to.equal(null);
  });

  it('a legal form without an abbreviation keeps the CRO code', () => {
    const row = ieCroProfile('1', {
      company_type_code: '9999' /* an illustrative code */,
      company_type: 'External company',
    });
    expect([row.forme_code, row.forme_libelle]).to.deep.equal(['9999', 'External company']);
  });
});
