import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { IE_CRO_DEMO_FILES } from '../../../ingest/ie-cro/ieCroDemo.ts';
import { type CroSetAside, readCroCompanies } from '../../../ingest/ie-cro/readIeCroFile.ts';
import { writeZip } from '../../support/writeZip.ts';

async function readAll(file: string) {
  const setAside: CroSetAside = { duplicates: 0, unnumbered: 0 };
  const headers: string[][] = [];
  const rows = [];
  for await (const row of readCroCompanies(file, (h) => headers.push(h), setAside)) rows.push(row);
  return { rows, setAside, headers };
}

describe('CRO companies file reader (real layout, demo/companies.csv)', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ie-cro-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  it('reads the 21-column header and keeps each company once, the first of repeated rows', async () => {
    const { rows, setAside, headers } = await readAll(IE_CRO_DEMO_FILES.companies);
    expect(headers[0]).to.have.length(21);
    expect(rows.map((r) => r.id)).to.deep.equal([
      '673935',
      '999999',
      '900001',
      '900002',
      '900003',
      '900005',
      '900006',
      '900007',
    ]);
    expect(setAside).to.deep.equal({ duplicates: 1, unnumbered: 0 });
    expect(rows[2]!.record.company_name).to.equal('SAMPLE ÉIREANN TRADING LIMITED');
  });

  it('a number written with a leading zero is kept under the register’s number', async () => {
    const { rows } = await readAll(IE_CRO_DEMO_FILES.companies);
    const company = rows.find((r) => r.id === '900005')!;
    expect(company.record.company_num).to.equal('900005');
  });

  it('trims the padding of labels (“Normal ”), keeps quoted commas and escaped quotes', async () => {
    const { rows } = await readAll(IE_CRO_DEMO_FILES.companies);
    const byId = new Map(rows.map((r) => [r.id, r.record]));
    expect(byId.get('999999')!.company_status).to.equal('Normal');
    expect(byId.get('673935')!.company_address_4).to.equal('DUBLIN 7, DUBLIN');
    expect(byId.get('900007')!.company_name).to.equal('THE "SAMPLE" BAKERY LIMITED');
    expect(byId.get('673935')!.nace_v2_code).to.equal('4741.0');
    expect(byId.get('673935')!.last_ar_date).to.equal(null);
  });

  it('a UTF-8 BOM before the header does not hide company_num', async () => {
    const file = path.join(dir, 'bom.csv');
    await fs.writeFile(
      file,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await fs.readFile(IE_CRO_DEMO_FILES.companies)]),
    );
    const { rows } = await readAll(file);
    expect(rows).to.have.length(8);
  });

  it('the ZIP that CKAN serves under a .csv name is read as the archive it is', async () => {
    const file = path.join(dir, 'companies.csv');
    await writeZip(file, [
      { name: 'companies.csv', content: await fs.readFile(IE_CRO_DEMO_FILES.companies) },
    ]);
    const { rows } = await readAll(file);
    expect(rows).to.have.length(8);
  });
});
