import { expect } from 'chai';
import { splitBolagsverketLine } from '../../../ingest/se-bolagsverket/splitBolagsverketLine.ts';
import { bolagsverketAddress } from '../../../projections/se-bolagsverket/seBolagsverketProfile.ts';
import { isValidOrganisationsnummer } from '../../../schemas/identifiers/organisationsnummer.ts';

describe('Bolagsverket bulk file: numbers, lines and addresses (unit)', () => {
  it('checks the organisationsnummer’s Luhn digit', () => {
    expect(isValidOrganisationsnummer('5560012402')).to.equal(true);
    expect(isValidOrganisationsnummer('5560012403')).to.equal(false);
    expect(isValidOrganisationsnummer('556001240')).to.equal(false);
  });

  it('splits on ";" so a stray quote stays in its field; "" is a quote', () => {
    expect(splitBolagsverketLine('"a";"12" rör ""x""";"c"', 3)).to.deep.equal(['a', '12" rör "x"', 'c']);
  });

  it('says a line broken inside a field is not whole yet', () => {
    expect(splitBolagsverketLine('"a";"first', 3)).to.equal(null);
    expect(splitBolagsverketLine('"a";"first\nsecond";"c"', 3)).to.deep.equal(['a', 'first\nsecond', 'c']);
  });

  it('finds the postcode by its shape, whichever order the parts come in', () => {
    expect(bolagsverketAddress('Box 5305$$STOCKHOLM$10247$SE-LAND')).to.deep.equal({
      adresse: 'Box 5305',
      code_postal: '10247',
      ville: 'STOCKHOLM',
      pays_adresse: 'SE',
    });
    expect(bolagsverketAddress('Storgatan 1$$411 01$GÖTEBORG$SE-LAND').code_postal).to.equal('41101');
    expect(bolagsverketAddress(null).adresse).to.equal(null);
  });
});
