import { expect } from 'chai';
import { addressLine } from '../../../projections/fr-sirene-etablissements/addressLine.ts';
import {
  projectionOfCommune,
  sireneToWgs84,
} from '../../../projections/fr-sirene-etablissements/sireneCoordinates.ts';

describe('Sirene establishment address and position', () => {
  it('builds one line from the address fields, in French order', () => {
    expect(
      addressLine({
        complementAdresseEtablissement: 'ZI DU MOULIN',
        numeroVoieEtablissement: '21',
        indiceRepetitionEtablissement: 'B',
        typeVoieEtablissement: 'BD',
        libelleVoieEtablissement: 'DES PRES',
        distributionSpecialeEtablissement: 'BP 12',
        codePostalEtablissement: '80100',
        libelleCommuneEtablissement: 'ABBEVILLE',
      }),
    ).to.equal('ZI DU MOULIN, 21 B BD DES PRES, BP 12, 80100 ABBEVILLE');
  });

  it('uses the CEDEX code and label instead of the postcode when published', () => {
    expect(
      addressLine({
        libelleVoieEtablissement: 'RUE TUROLD',
        codePostalEtablissement: '76630',
        libelleCommuneEtablissement: 'ENVERMEU',
        codeCedexEtablissement: '76631',
        libelleCedexEtablissement: 'ENVERMEU CEDEX',
      }),
    ).to.equal('RUE TUROLD, 76631 ENVERMEU CEDEX');
  });

  it('keeps a foreign town and country', () => {
    expect(
      addressLine({
        libelleVoieEtablissement: 'AVENUE LOUISE',
        libelleCommuneEtrangerEtablissement: 'BRUXELLES',
        libellePaysEtrangerEtablissement: 'BELGIQUE',
      }),
    ).to.equal('AVENUE LOUISE, BRUXELLES BELGIQUE');
  });

  it('gives null when nothing is published, and treats [ND] as not published', () => {
    expect(addressLine({})).to.equal(null);
    expect(addressLine({ libelleVoieEtablissement: '[ND]', codePostalEtablissement: '[ND]' })).to.equal(null);
  });

  it('converts Lambert-93 to WGS84 (IGN reference point at Vincennes, within a metre)', () => {
    // 658557.548, 6860084.001 (Lambert-93) is 2.435368 E, 48.839473 N.
    const p = sireneToWgs84(658557.548, 6860084.001, '94080');
    expect(p!.longitude).to.be.closeTo(2.435368, 1e-5);
    expect(p!.latitude).to.be.closeTo(48.839473, 1e-5);
  });

  it('uses the legal projection of each overseas department', () => {
    expect(projectionOfCommune('97411')).to.equal('utm40s');
    expect(projectionOfCommune('97209')).to.equal('utm20n');
    expect(projectionOfCommune('97302')).to.equal('utm22n');
    expect(projectionOfCommune('97611')).to.equal('utm38s');
    expect(projectionOfCommune('2A004')).to.equal('lambert93');
    // Saint-Denis de La Réunion, UTM 40S: about 20.88 S, 55.45 E.
    const p = sireneToWgs84(338000, 7690000, '97411');
    expect(p!.latitude).to.be.closeTo(-20.88, 0.05);
    expect(p!.longitude).to.be.closeTo(55.45, 0.05);
  });

  it('gives no position where none is published or no projection is known', () => {
    expect(sireneToWgs84(null, null, '75111')).to.equal(null);
    expect(sireneToWgs84(100, 200, null)).to.equal(null);
    expect(sireneToWgs84(100, 200, '98735')).to.equal(null);
  });
});
