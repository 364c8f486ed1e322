import { expect } from 'chai';
import { rneAmount } from '../../../ingest/fr-rne/rneCapital.ts';
import { extractRneDirigeants } from '../../../ingest/fr-rne/rneDirigeants.ts';
import { RNE_COMPANIES, recordedJson } from './rneRecordings.ts';

const urlOf = (siren: string) => `https://registre-national-entreprises.inpi.fr/api/companies/${siren}`;
const parse = (c: { siren: string; file: string }) =>
  extractRneDirigeants(200, recordedJson(c.file), urlOf(c.siren));

describe('RNE capital parser: the amount exactly as written, its dated changes (unit)', () => {
  it('reads Danone’s capital to the cent, in euros, not variable', () => {
    expect(parse(RNE_COMPANIES.danone).capital).to.deep.equal({
      montant: '170348620.75',
      devise: 'EUR',
      variable: false,
    });
  });

  it('reads a whole amount without inventing decimals', () => {
    expect(parse(RNE_COMPANIES.holding).capital?.montant).to.equal('9482412088');
    expect(parse(RNE_COMPANIES.sci).capital?.montant).to.equal('23011100');
  });

  it('keeps Danone’s two capital changes (15M), dated, in order, and no other event', () => {
    expect(parse(RNE_COMPANIES.danone).evenements_capital).to.deep.equal([
      {
        code: '15M',
        libelle: 'Modification du capital social',
        date_effet: '2025-05-22',
        date_integration: '2025-06-18T13:26:12.000Z',
        numero_liasse: 'J00148135015',
      },
      {
        code: '15M',
        libelle: 'Modification du capital social',
        date_effet: '2025-06-16',
        date_integration: parse(RNE_COMPANIES.danone).evenements_capital[1]!.date_integration,
        numero_liasse: 'J00154440796',
      },
    ]);
  });

  it('a sole trader has no share capital: null, not zero', () => {
    const record = parse(RNE_COMPANIES.soleTrader);
    expect(record.capital).to.equal(null);
    expect(record.evenements_capital).to.deep.equal([]);
  });

  it('refuses an amount that is not a plain decimal of at most two places', () => {
    expect(rneAmount(1e21)).to.equal(null);
    expect(rneAmount(-5)).to.equal(null);
    expect(rneAmount('12.345')).to.equal(null);
    expect(rneAmount('1000,50')).to.equal('1000.50');
    expect(rneAmount(null)).to.equal(null);
  });
});
