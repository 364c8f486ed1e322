import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { emptyEuFsfReport, euFsfFileDate, readEuFsfXml } from '../../../ingest/eu-fsf/readEuFsfXml.ts';
import { demoDirOf } from '../../../ops/sourceRoot.ts';

/** The real excerpt of the 2018-12-21 export (ingest/eu-fsf/demo/SOURCE.txt). */
const EXCERPT = path.join(demoDirOf('eu-fsf'), 'eu_fsf.xml');

async function readAll(file: string) {
  const report = emptyEuFsfReport();
  const rows = [];
  for await (const row of readEuFsfXml(file, report)) rows.push(row);
  return { rows, report };
}

describe('EU FSF reader (XML 1.1 export)', () => {
  it('reads the legal person of the real excerpt with its attributes and every name alias', async () => {
    const { rows } = await readAll(EXCERPT);
    expect(rows).to.have.length(1);
    const [row] = rows;
    expect(row).to.deep.include({ kind: 'sanctionEntity', id: '207' });
    expect(row!.record).to.deep.include({ euReferenceNumber: 'EU.3523.13', logicalId: '207' });
    const aliases = row!.record.nameAlias as { wholeName: string }[];
    expect(aliases).to.have.length(19);
    expect(aliases.map((a) => a.wholeName)).to.include.members([
      'Great Islamic Eastern Warriors Front',
      'IBDA-C',
    ]);
    const [regulation] = row!.record.regulation as Record<string, unknown>[];
    expect(regulation).to.deep.include({ programme: 'TERR', numberTitle: '2018/468 (OJ L79)' });
    expect(regulation!.publicationUrl).to.be.an('array').with.length(1);
  });

  it('counts the natural person and never yields it', async () => {
    const { rows, report } = await readAll(EXCERPT);
    expect(report).to.deep.include({ entitesLues: 1, personnesPhysiquesEcartees: 1, lignesEcartees: 0 });
    expect(JSON.stringify(rows)).not.to.include('Mugabe');
  });

  it('keeps the export’s generationDate and dates the file by it, in UTC', async () => {
    const { report } = await readAll(EXCERPT);
    expect(report).to.deep.include({
      generationDate: '2018-12-21T14:39:54.511+01:00',
      globalFileId: '118887',
    });
    expect(await euFsfFileDate(EXCERPT)).to.equal('2018-12-21');
  });

  it('rejects a file that is not well-formed XML with an error, not a crash', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'eu-fsf-'));
    try {
      const file = path.join(dir, 'broken.xml');
      await writeFile(file, '<export generationDate="x"><sanctionEntity logicalId="1"><subjectType code=');
      let error: unknown = null;
      try {
        await readAll(file);
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(Error);
      expect(await euFsfFileDate(file)).to.equal(null);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
