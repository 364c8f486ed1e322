import { expect } from 'chai';
import { tedWinnerSiren } from '../../../schemas/records/tedWinners.ts';

// Identifier values as the real notices publish them (test/fixtures/eu-ted/SOURCE.txt, and the junk values the
// research notes found in real eForms notices).
describe('TED winner identifiers', () => {
  const siren = (CompanyID: string | null, Country: string | null = 'FRA') =>
    tedWinnerSiren({ CompanyID, Country });

  it('accepts a SIRET, a SIREN and a spaced SIRET of a French winner, whose SIREN passes Luhn', () => {
    expect(siren('34498727600039')).to.equal('344987276');
    expect(siren('403625841')).to.equal('403625841');
    expect(siren('879 997 880 00023')).to.equal('879997880');
    expect(siren('39876221100298', 'FR')).to.equal('398762211');
  });

  it('refuses junk, all zeros, a failing Luhn, a missing identifier, and any winner not published as French', () => {
    expect(siren('Tribunal judiciaire de Paris')).to.equal(null);
    expect(siren('000000000')).to.equal(null);
    expect(siren('344987277')).to.equal(null);
    expect(siren(null)).to.equal(null);
    expect(siren('403625841', 'DEU')).to.equal(null);
    expect(siren('403625841', null)).to.equal(null);
  });
});
