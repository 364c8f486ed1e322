import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import { GLEIF_DEMO_DELTAS, GLEIF_DEMO_FILES } from '../../../ingest/gleif/gleifDemo.ts';
import type { GleifRole } from '../../../ingest/gleif/gleifRecords.ts';
import { type GleifSetAside, readGleifFile } from '../../../ingest/gleif/readGleifFile.ts';
import { sirenOfLeiRecord } from '../../../schemas/events/gleifEvents.ts';
import { writeZip } from '../../support/writeZip.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/gleif');
const [LEI_UPDATES, JSON_DELTA] = GLEIF_DEMO_DELTAS.lei2 as [string, string];

async function readAll(
  role: GleifRole,
  file: string,
  setAside: GleifSetAside = {},
  headers: string[][] = [],
) {
  const rows: SnapshotRow[] = [];
  for await (const row of readGleifFile(role, file, (h) => headers.push(h), setAside)) rows.push(row);
  return rows;
}

const byId = (rows: SnapshotRow[]) => new Map(rows.map((r) => [r.id, r.record]));

describe('GLEIF golden-copy reader (real XML and JSON records, CSV derived from them)', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gleif-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads every LEI record of the XML full copy under the CSV column names', async () => {
    const rows = await readAll('lei2', GLEIF_DEMO_FILES.lei2);
    expect(rows).to.have.length(13);
    const fidelity = byId(rows).get('001GPB6A9XPE8XJICC14')!;
    expect(fidelity).to.deep.include({
      'Entity.LegalName': 'Fidelity Advisor Leveraged Company Stock Fund',
      'Entity.OtherEntityNames.OtherEntityName.1':
        'FIDELITY ADVISOR SERIES I - Fidelity Advisor Leveraged Company Stock Fund',
      'Entity.LegalAddress.Country': 'US',
      'Entity.LegalForm.EntityLegalFormCode': '8888',
      'Entity.LegalForm.OtherLegalForm': 'FUND',
      'Registration.RegistrationStatus': 'ISSUED',
    });
    const hutchin = byId(rows).get('004L5FPTUREIWK9T2N63')!;
    expect(hutchin['Entity.LegalAddress.AdditionalAddressLine.2']).to.equal('Suite 400');
  });

  it('reads relationship periods in any order, qualifiers and quantifiers', async () => {
    const rows = await readAll('rr', GLEIF_DEMO_DELTAS.rr[0]!);
    const direct = byId(rows).get('097900BJGO0000201513|IS_DIRECTLY_CONSOLIDATED_BY|9845002B9874D50A4531')!;
    expect(direct).to.deep.include({
      'Relationship.Period.2.periodType': 'RELATIONSHIP_PERIOD',
      'Relationship.Period.2.startDate': '2014-11-06T00:00:00Z',
      'Relationship.Qualifiers.1.QualifierCategory': 'IFRS',
      'Relationship.Quantifiers.1.QuantifierAmount': '1.00',
      'Registration.RegistrationStatus': 'PUBLISHED',
    });
  });

  it('reads each reporting exception with its reason and reference', async () => {
    const rows = await readAll('repex', GLEIF_DEMO_DELTAS.repex[0]!);
    expect(rows).to.have.length(7);
    expect(byId(rows).get('159515PKYKQYJLT0KF16|DIRECT_ACCOUNTING_CONSOLIDATION_PARENT')).to.deep.equal({
      LEI: '159515PKYKQYJLT0KF16',
      'Exception.Category': 'DIRECT_ACCOUNTING_CONSOLIDATION_PARENT',
      'Exception.Reason.1': 'NATURAL_PERSONS',
      'Exception.Reference.1': 'Datenschutz',
    });
  });

  it('reads the JSON form ({"records":[...]}, "$" text), gzipped, with the SIREN of French records', async () => {
    const rows = await readAll('lei2', JSON_DELTA);
    expect(rows).to.have.length(577);
    const french = rows.filter((r) => sirenOfLeiRecord(r.record) !== null);
    expect(french).to.have.length(41);
    const dgna = byId(rows).get('894500T6UZ3K120ZNW42')!;
    expect(dgna['Entity.RegistrationAuthority.RegistrationAuthorityEntityID']).to.equal('951 261 734');
    expect(sirenOfLeiRecord(dgna)).to.equal('951261734');
  });

  it('keeps no name nor address of a sole proprietor (a natural person), only what says what it is', async () => {
    const rows = await readAll('lei2', JSON_DELTA);
    const soleProprietors = rows.filter((r) => r.record['Entity.EntityCategory'] === 'SOLE_PROPRIETOR');
    expect(soleProprietors).to.have.length(28);
    for (const r of soleProprietors) {
      const keys = Object.keys(r.record);
      expect(keys.filter((k) => /LegalName|OtherEntityName|AddressLine|City|PostalCode|Region/.test(k))).to.be
        .empty;
      expect(r.record['Entity.EntityCategory']).to.equal('SOLE_PROPRIETOR');
    }
  });

  it('a CSV row (BOM, every field quoted) reads as the same record as the XML or JSON it was written from', async () => {
    const headers: string[][] = [];
    const csv = byId(await readAll('lei2', path.join(fixtures, 'lei2-from-real-records.csv'), {}, headers));
    expect(headers[0]![0]).to.equal('LEI');
    const xml = byId([
      ...(await readAll('lei2', LEI_UPDATES)),
      ...(await readAll('lei2', GLEIF_DEMO_FILES.lei2)),
    ]);
    const json = byId(await readAll('lei2', JSON_DELTA));
    expect(csv.size).to.equal(6);
    for (const [lei, record] of csv) expect(record, lei).to.deep.equal(xml.get(lei) ?? json.get(lei));
    const rr = byId(await readAll('rr', path.join(fixtures, 'rr-from-real-records.csv')));
    const rrXml = byId(await readAll('rr', GLEIF_DEMO_DELTAS.rr[0]!));
    expect(rr.size).to.equal(4);
    for (const [id, record] of rr) expect(record, id).to.deep.equal(rrXml.get(id));
    const repex = await readAll('repex', path.join(fixtures, 'repex-from-real-records.csv'));
    expect(repex.map((r) => r.record)).to.deep.equal(
      (await readAll('repex', GLEIF_DEMO_DELTAS.repex[0]!)).map((r) => r.record),
    );
  });

  it('reads the .zip GLEIF publishes', async () => {
    const file = path.join(dir, '20230605-0800-gleif-goldencopy-lei2-golden-copy.xml.zip');
    await writeZip(file, [
      {
        name: '20230605-0800-gleif-goldencopy-lei2-golden-copy.xml',
        content: await fs.readFile(GLEIF_DEMO_FILES.lei2),
      },
    ]);
    expect(await readAll('lei2', file)).to.have.length(13);
  });

  it('a relationship whose node is not an LEI is set aside and counted', async () => {
    const file = path.join(dir, 'rr-not-lei.csv');
    const text = await fs.readFile(path.join(fixtures, 'rr-from-real-records.csv'), 'utf8');
    const lines = text.split('\r\n');
    lines[1] = lines[1]!.replace('"2138002YAB7Z9KO21397","LEI"', '"2138002YAB7Z9KO21397","NATURAL_PERSON"');
    await fs.writeFile(file, lines.join('\r\n'));
    const setAside: GleifSetAside = {};
    expect(await readAll('rr', file, setAside)).to.have.length(3);
    expect(setAside).to.deep.equal({ noeud_non_lei: 1 });
  });

  it('a truncated XML file fails instead of yielding part of the copy', async () => {
    const file = path.join(dir, 'truncated.xml');
    const text = await fs.readFile(GLEIF_DEMO_FILES.lei2, 'utf8');
    await fs.writeFile(file, text.slice(0, Math.floor(text.length / 2)));
    const error = await readAll('lei2', file).catch((e: Error) => e);
    expect(error).to.be.instanceOf(Error);
  });
});
