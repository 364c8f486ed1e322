import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseXmlDocument } from '../../../ingest/core/xmlTree.ts';
import { readTedNotice } from '../../../ingest/eu-ted/readTedNotice.ts';
import { tedAwardSirens, unidentifiedFrenchWinners } from '../../../schemas/records/tedWinners.ts';
import {
  TED_EFORMS_NO_TENDER_VALUE,
  TED_EFORMS_SIRET_SIREN,
  TED_EFORMS_WITHHELD,
  TED_PRIVATE_NAMES,
  TED_R209_NAME_ONLY,
  TED_R209_SIRET,
} from './tedFixtures.ts';

const read = (file: string) => readTedNotice(parseXmlDocument(readFileSync(file, 'utf8')))!;

describe('TED notice reader (real notices)', () => {
  it('eForms: follows lot result → contract → tender → party → organisation, SIRET and SIREN', () => {
    const notice = read(TED_EFORMS_SIRET_SIREN);
    expect(notice.id).to.equal('00251823-2024');
    expect(notice.record).to.deep.include({
      Format: 'eforms',
      NoticeType: 'can-standard',
      PublicationDate: '2024-04-26',
      BuyerName: 'COMMUNE LE RAINCY',
      MainCPV: '79810000',
      Title: "Services d'impression de supports de communication pour la ville du Raincy",
    });
    expect(notice.record.Awards).to.deep.equal([
      {
        LotID: 'LOT-0001',
        ContractID: 'LOT 1',
        Title: "Services d'impression du magazine municipal",
        Amount: '200000',
        Currency: 'EUR',
        Winners: [{ CompanyID: '34498727600039', Country: 'FRA' }],
      },
      {
        LotID: 'LOT-0002',
        ContractID: 'LOT 2',
        Title: "Services d'impression de supports de communication divers",
        Amount: '600000',
        Currency: 'EUR',
        Winners: [{ CompanyID: '403625841', Country: 'FRA' }],
      },
    ]);
    expect(notice.record.Awards.map(tedAwardSirens)).to.deep.equal([['344987276'], ['403625841']]);
  });

  it('eForms: a spaced SIRET matches; a withheld value stays `-1` as published (the read side nulls it)', () => {
    const notice = read(TED_EFORMS_WITHHELD);
    expect(notice.id).to.equal('00038918-2025');
    expect(notice.record.BuyerName).to.equal('Société nationale SNCF');
    expect(notice.record.Awards).to.have.length(1);
    expect(notice.record.Awards[0]).to.deep.include({
      Amount: '-1',
      Currency: 'EUR',
      ContractID: '2024CTC1247506',
    });
    expect(tedAwardSirens(notice.record.Awards[0]!)).to.deep.equal(['879997880']);
  });

  it('eForms: a winning tender without PayableAmount has no value (the notice total is not the company’s)', () => {
    const notice = read(TED_EFORMS_NO_TENDER_VALUE);
    expect(notice.id).to.equal('00413588-2025');
    expect(notice.record.Awards).to.have.length(1);
    expect(notice.record.Awards[0]).to.deep.include({
      Amount: null,
      Currency: null,
      ContractID: '2024-0072',
    });
    expect(tedAwardSirens(notice.record.Awards[0]!)).to.deep.equal(['842403057']);
  });

  it('R2.0.9: the original form’s awarded contracts, a group of two, lots not awarded left out', () => {
    const notice = read(TED_R209_SIRET);
    expect(notice.id).to.equal('404080-2018');
    expect(notice.record).to.deep.include({
      Format: 'R2.0.9',
      NoticeType: 'F06',
      PublicationDate: '2018-09-15',
      BuyerName: 'CAPL',
      MainCPV: '45234116',
    });
    expect(notice.record.Awards.map((a) => [a.LotID, a.ContractID, a.Amount, a.Currency])).to.deep.equal([
      ['1', '18.008.1', '4625137.40', 'EUR'],
      ['2', '18.008.2', '535873.21', 'EUR'],
      ['3', '18.008.3', '369648.37', 'EUR'],
    ]);
    expect(notice.record.Awards.map(tedAwardSirens)).to.deep.equal([
      ['398762211', '402682991'],
      ['487469330'],
      ['432925840'],
    ]);
    expect(unidentifiedFrenchWinners(notice.record.Awards)).to.equal(0);
  });

  it('a French winner published by name only gives no SIREN, and is counted; the buyer’s NATIONALID is not a winner’s', () => {
    const notice = read(TED_R209_NAME_ONLY);
    expect(notice.id).to.equal('155727-2021');
    expect(notice.record.Awards).to.have.length(1);
    expect(notice.record.Awards[0]!.Winners).to.deep.equal([{ CompanyID: null, Country: 'FR' }]);
    expect(tedAwardSirens(notice.record.Awards[0]!)).to.deep.equal([]);
    expect(unidentifiedFrenchWinners(notice.record.Awards)).to.equal(1);
  });

  it('never reads a winner’s name, a contact or an e-mail into the record', () => {
    for (const file of [
      TED_EFORMS_SIRET_SIREN,
      TED_EFORMS_WITHHELD,
      TED_EFORMS_NO_TENDER_VALUE,
      TED_R209_SIRET,
      TED_R209_NAME_ONLY,
    ]) {
      const text = JSON.stringify(read(file).record);
      for (const name of TED_PRIVATE_NAMES) expect(text).not.to.include(name);
    }
  });
});
