import { expect } from 'chai';
import { roRegisterStatus, roStatusEntries } from '../../../projections/ro-onrc/roInsolvency.ts';
import { roDate, servedCuiOf } from '../../../projections/ro-onrc/roOnrcProfile.ts';
import { roStatut } from '../../../projections/ro-onrc/roStatut.ts';
import { roPractitionerRole, roStatusFamily } from '../../../schemas/enums/roOnrc.ts';
import { canonicalCui, isValidCui } from '../../../schemas/identifiers/roCui.ts';

describe('Romanian register rules (unit)', () => {
  it('a CUI is valid only with its check digit (weights 753217532), RO prefix accepted', () => {
    expect(isValidCui('14056826')).to.equal(true);
    expect(isValidCui('RO14056826')).to.equal(true);
    expect(isValidCui('13548146')).to.equal(true);
    expect(isValidCui('14056827')).to.equal(false);
    expect(isValidCui('1')).to.equal(false);
    expect(canonicalCui('ro14056826')).to.equal('14056826');
  });

  it('an empty, zero or wrongly keyed CUI in the file serves no profile', () => {
    expect(servedCuiOf({ CUI: null })).to.equal(null);
    expect(servedCuiOf({ CUI: '0' })).to.equal(null);
    expect(servedCuiOf({ CUI: '44509121' })).to.equal(null);
    expect(servedCuiOf({ CUI: '44509120' })).to.equal('44509120');
  });

  it('registration dates in DD/MM/YYYY, DD.MM.YYYY or ISO; 0001-01-01 is not a date', () => {
    expect(roDate('08/11/2021')).to.equal('2021-11-08');
    expect(roDate('15.03.2010')).to.equal('2010-03-15');
    expect(roDate('2025-09-24')).to.equal('2025-09-24');
    expect(roDate('0001-01-01')).to.equal(null);
    expect(roDate('31/02/2020')).to.equal(null);
  });

  it('status labels are read by their words, diacritics either way; a parent company’s status is not the branch’s', () => {
    expect(roStatusFamily('funcțiune').famille).to.equal('fonctionnement');
    expect(roStatusFamily('radiată').famille).to.equal('radiation');
    expect(roStatusFamily('faliment').famille).to.equal('faillite');
    expect(roStatusFamily('în insolvenţă').famille).to.equal('insolvabilite');
    expect(roStatusFamily('sediu expirat').famille).to.equal('alerte_administrative');
    expect(roStatusFamily('firma mamă în insolvență').famille).to.equal('autre');
    expect(roStatusFamily(null).famille).to.equal('autre');
  });

  it('statut: struck off wins, then the gravest ending status, then trading; nothing decisive is null', () => {
    const s = (...pairs: [string, string | null][]) =>
      roStatut(pairs.map(([code, label]) => ({ code, label })));
    expect(s(['1048', 'funcțiune'], ['1084', 'radiată'])).to.deep.equal({
      statut: 'radie',
      detail: 'radiată',
    });
    expect(s(['1048', 'funcțiune'], ['1139', 'în insolvență'])).to.deep.equal({
      statut: 'en_cessation',
      detail: 'în insolvență',
    });
    expect(s(['1048', 'funcțiune'], ['2069', 'sediu expirat'])).to.deep.equal({
      statut: 'actif',
      detail: 'funcțiune',
    });
    expect(s(['9999', null])).to.deep.equal({ statut: null, detail: null });
  });

  it('statut_registre: bankruptcy is autre with detail faillite; a warning beside trading is actif', () => {
    const e = (...pairs: [string, string][]) =>
      roRegisterStatus(
        roStatusEntries(pairs.map(([code, label]) => ({ code, label }))).procedures.concat(
          roStatusEntries(pairs.map(([code, label]) => ({ code, label }))).autres,
        ),
      );
    expect(e(['1083', 'faliment'])).to.deep.equal({ unifie: 'autre', detail: 'faillite' });
    expect(e(['1048', 'funcțiune'], ['2069', 'sediu expirat'])).to.deep.equal({
      unifie: 'actif',
      detail: 'alerte_administrative',
    });
    expect(roRegisterStatus([])).to.deep.equal({ unifie: null, detail: null });
  });

  it('practitioner roles: judicial liquidator and administrator, special administrator, liquidator; others are not read', () => {
    expect(roPractitionerRole('lichidator judiciar')?.famille).to.equal('liquidateur_judiciaire');
    expect(roPractitionerRole('administrator judiciar')?.famille).to.equal('insolvabilite');
    expect(roPractitionerRole('administrator special')?.famille).to.equal('insolvabilite');
    expect(roPractitionerRole('lichidator')?.famille).to.equal('liquidation');
    expect(roPractitionerRole('administrator')).to.equal(null);
    expect(roPractitionerRole('director general unic')).to.equal(null);
  });
});
