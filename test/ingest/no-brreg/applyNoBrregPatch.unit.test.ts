import { expect } from 'chai';
import { applyNoBrregPatch, UnappliablePatch } from '../../../ingest/no-brreg/applyNoBrregPatch.ts';

/** A record as the CSV gives it (dotted names, address lines joined by a literal `/n`). */
const csvRecord = () => ({
  organisasjonsnummer: '921031106',
  navn: 'SVEVIA FASTIGHET NORGE AS',
  'forretningsadresse.adresse': 'c/o Azets Insight AS/nStorgata 16',
  'forretningsadresse.poststed': 'LILLESTRØM',
  'forretningsadresse.postnummer': '2000',
  registreringsdatoenhetsregisteret: '2018-05-02',
  konkurs: 'false',
});

describe('brreg update feed: JSON Patch on a record of the event log', () => {
  it('replaces one address line of a CSV record and keeps the others', () => {
    const out = applyNoBrregPatch(csvRecord(), [
      { op: 'replace', path: '/forretningsadresse/adresse/1', value: 'Storgata 18' },
    ]);
    expect(out['forretningsadresse.adresse']).to.deep.equal(['c/o Azets Insight AS', 'Storgata 18']);
  });

  it('a JSON field name spelled differently in the CSV updates the CSV’s field, not a new one', () => {
    const out = applyNoBrregPatch(csvRecord(), [
      { op: 'replace', path: '/registreringsdatoEnhetsregisteret', value: '2018-05-03' },
    ]);
    expect(out.registreringsdatoenhetsregisteret).to.equal('2018-05-03');
    expect(out).not.to.have.property('registreringsdatoEnhetsregisteret');
  });

  it('an object value replaces every field under it, flattened', () => {
    const out = applyNoBrregPatch(csvRecord(), [
      { op: 'replace', path: '/forretningsadresse', value: { poststed: 'OSLO', adresse: ['Gate 1'] } },
    ]);
    expect(out).to.deep.include({ 'forretningsadresse.poststed': 'OSLO' });
    expect(out['forretningsadresse.adresse']).to.deep.equal(['Gate 1']);
    expect(out).not.to.have.property('forretningsadresse.postnummer');
  });

  it('a removed field is null, as an empty field of the file is', () => {
    const out = applyNoBrregPatch(csvRecord(), [{ op: 'remove', path: '/forretningsadresse' }]);
    expect(out['forretningsadresse.poststed']).to.equal(null);
    expect(out['forretningsadresse.adresse']).to.equal(null);
  });

  it('an operation it cannot apply faithfully is refused, never guessed', () => {
    expect(() => applyNoBrregPatch(csvRecord(), [{ op: 'move', from: '/navn', path: '/x' }])).to.throw(
      UnappliablePatch,
    );
    expect(() =>
      applyNoBrregPatch(csvRecord(), [{ op: 'replace', path: '/forretningsadresse/adresse/5', value: 'x' }]),
    ).to.throw(UnappliablePatch);
  });

  it('does not change the record it was given', () => {
    const record = csvRecord();
    applyNoBrregPatch(record, [{ op: 'replace', path: '/navn', value: 'NYTT NAVN AS' }]);
    expect(record.navn).to.equal('SVEVIA FASTIGHET NORGE AS');
  });
});
