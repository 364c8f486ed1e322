import { expect } from 'chai';
import { CY_DRCOR_DEMO_FILES } from '../../../ingest/cy-drcor/cyDrcorDemo.ts';
import {
  type CySetAside,
  readOrganisations,
  readRegisteredOffices,
} from '../../../ingest/cy-drcor/readCyDrcorFiles.ts';

describe('Cypriot organisations and registered offices readers (constructed files, confirmed layout)', () => {
  async function organisations() {
    const setAside: CySetAside = { formerOrRepeated: 0, unidentified: 0, unjoined: 0 };
    const rows = [];
    for await (const row of readOrganisations(CY_DRCOR_DEMO_FILES.organisations, undefined, setAside))
      rows.push(row);
    return { rows, setAside };
  }

  it('keys organisations by prefix and number, after the BOM, skipping a business-name type code', async () => {
    const { rows, setAside } = await organisations();
    expect(rows.map((r) => r.id)).to.deep.equal([
      'HE900001',
      'HE900002',
      'HE900003',
      'AE900004',
      'B900005',
      'S900006',
      'HE900007',
    ]);
    expect(setAside).to.deep.equal({ formerOrRepeated: 0, unidentified: 1, unjoined: 0 });
  });

  it('re-joins a record the source split after its name', async () => {
    const { rows } = await organisations();
    expect(rows.find((r) => r.id === 'HE900007')!.record).to.deep.include({
      ORGANISATION_NAME: 'ΔΕΙΓΜΑ ΧΩΡΙΣΜΕΝΗ ΛΙΜΙΤΕΔ',
      REGISTRATION_NO: '900007',
      ORGANISATION_SUB_TYPE: 'Ιδιωτική',
      REGISTRATION_DATE: '01/02/2015',
      ORGANISATION_STATUS: 'Δημοσιεύτηκε η Τρίμηνη',
      ADDRESS_SEQ_NO: '5007',
    });
  });

  it('reads a quoted name holding a comma and escaped quotes whole', async () => {
    const { rows } = await organisations();
    expect(rows.find((r) => r.id === 'HE900003')!.record.ORGANISATION_NAME).to.equal(
      'SAMPLE "BLUE" SHIPPING, LTD',
    );
  });

  it('reads registered offices by ADDRESS_SEQ_NO', async () => {
    const rows = [];
    for await (const row of readRegisteredOffices(CY_DRCOR_DEMO_FILES.offices)) rows.push(row);
    expect(rows).to.have.length(7); // read alone, every office is kept
    expect(rows[0]).to.deep.include({ id: '5001' });
    expect(rows[0]!.record.TERRITORY).to.equal('Στρόβολος, 2003, Λευκωσία, Κύπρος');
  });
});
