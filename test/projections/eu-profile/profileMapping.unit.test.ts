import { expect } from 'chai';
import { flattenNoBrreg } from '../../../ingest/no-brreg/readNoBrregFile.ts';
import { lvUrStatut } from '../../../projections/lv-ur/lvUrProfile.ts';
import { noBrregProfile } from '../../../projections/no-brreg/noBrregProfile.ts';

/** A brreg REST/bulk-JSON object, field names from FORMATS.md §4 (values of a fictitious unit). */
const jsonUnit = {
  organisasjonsnummer: '999999999',
  navn: 'EKSEMPEL AS',
  organisasjonsform: { kode: 'AS', beskrivelse: 'Aksjeselskap', _links: { self: { href: 'x' } } },
  forretningsadresse: {
    land: 'Norge',
    landkode: 'NO',
    postnummer: '0150',
    poststed: 'OSLO',
    adresse: ['Eksempelgata 1', 'Bygg B'],
    kommune: 'OSLO',
    kommunenummer: '0301',
  },
  registreringsdatoEnhetsregisteret: '2019-01-02',
  registrertIMvaregisteret: true,
  konkurs: false,
  underAvvikling: true,
  underTvangsavviklingEllerTvangsopplosning: false,
  _links: { self: { href: 'https://data.brreg.no/enhetsregisteret/api/enheter/999999999' } },
};

describe('Unified profile from the registers’ own fields', () => {
  it('a brreg JSON object is flattened to the CSV’s dotted names and mapped the same way', () => {
    const row = noBrregProfile('999999999', flattenNoBrreg(jsonUnit));
    expect(row).to.deep.include({
      denomination: 'EKSEMPEL AS',
      forme_code: 'AS',
      adresse: 'Eksempelgata 1, Bygg B',
      ville: 'OSLO',
      code_postal: '0150',
      date_creation: '2019-01-02',
      tva: 'NO999999999MVA',
      statut: 'en_cessation',
      statut_detail: 'underAvvikling',
    });
  });

  it('a deleted brreg unit (slettedato) is radie', () => {
    const row = noBrregProfile('999999999', flattenNoBrreg({ ...jsonUnit, slettedato: '2024-05-01' }));
    expect([row.statut, row.statut_detail]).to.deep.equal(['radie', 'slettedato 2024-05-01']);
  });

  it('a brreg bankruptcy wins over voluntary winding up in statut_detail', () => {
    const row = noBrregProfile('999999999', flattenNoBrreg({ ...jsonUnit, konkurs: true }));
    expect([row.statut, row.statut_detail]).to.deep.equal(['en_cessation', 'konkurs']);
  });

  it('a brreg sole proprietorship keeps no name and no address', () => {
    const enk = flattenNoBrreg({
      ...jsonUnit,
      organisasjonsform: { kode: 'ENK', beskrivelse: 'Enkeltpersonforetak' },
    });
    const row = noBrregProfile('999999999', enk);
    expect(row).to.include({ personne_physique: true, denomination: null, adresse: null, ville: null });
  });

  it('an open Latvian entity (closed is a single space) is actif', () => {
    expect(lvUrStatut({ closed: ' ', terminated: null })).to.deep.equal({ statut: 'actif', detail: null });
  });

  it('a struck-off Latvian entity is radie with no detail from register.csv: the closed code is not a label', () => {
    expect(lvUrStatut({ closed: 'L', terminated: '2021-05-10' })).to.deep.equal({
      statut: 'radie',
      detail: null,
    });
  });
});
