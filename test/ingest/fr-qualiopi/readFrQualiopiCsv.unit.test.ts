import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import { emptyQualiopiReport, readQualiopiCsv } from '../../../ingest/fr-qualiopi/readFrQualiopiCsv.ts';
import { QUALIOPI_DEMO, SOLE_TRADER_ROW_VALUES } from './qualiopiFixtures.ts';

async function read(file: string) {
  const report = emptyQualiopiReport();
  const rows: SnapshotRow[] = [];
  for await (const row of readQualiopiCsv(file, report)) rows.push(row);
  return { rows, report };
}

describe('Reading the public list of training organisations (data.gouv CSV)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'qualiopi-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads each declaration by its SIREN and NDA, with its line in the file', async () => {
    const { rows } = await read(QUALIOPI_DEMO);
    expect(rows.map((r) => [r.id, r.line])).to.deep.equal([
      ['356000000-11755565775', 2],
      ['356000000-11755762075', 3],
      ['812235133-11940987694', 4],
    ]);
    expect(rows[2]!.record).to.deep.include({
      'certifications.actionsDeFormation': 'true',
      'certifications.VAE': 'false',
      'informationsDeclarees.dateDerniereDeclaration': '18/05/2026',
      'informationsDeclarees.nbStagiaires': '42',
      siretEtablissementDeclarant: '81223513300011',
    });
  });

  it('drops the name and the addresses before anything else: a sole trader’s name is read nowhere', async () => {
    const { rows } = await read(QUALIOPI_DEMO);
    for (const row of rows) {
      expect(row.record).not.to.have.any.keys('denomination', 'adressePhysiqueOrganismeFormation.voie');
    }
    const text = JSON.stringify(rows);
    for (const value of SOLE_TRADER_ROW_VALUES) expect(text).not.to.include(value);
  });

  it('sets aside a row with neither SIREN nor SIRET, and reports its line, not its content', async () => {
    const { report } = await read(QUALIOPI_DEMO);
    expect(report).to.deep.equal({
      lignesLues: 3,
      lignesEcartees: 1,
      exemplesEcartes: [{ ligne: 5, motif: 'siren illisible' }],
    });
  });

  it('takes the SIREN from the SIRET when the row publishes none, and refuses the two apart', async () => {
    const lines = (await readFile(QUALIOPI_DEMO, 'utf8')).split('\n');
    const noSiren = lines[1]!.replace('"356000000"', '""');
    const apart = lines[2]!.replace('"356000000"', '"552081317"');
    const file = path.join(dir, 'variants.csv');
    await writeFile(file, `${[lines[0], noSiren, apart].join('\r\n')}\r\n`);
    const { rows, report } = await read(file);
    expect(rows.map((r) => r.id)).to.deep.equal(['356000000-11755565775']);
    expect(report.exemplesEcartes).to.deep.equal([{ ligne: 3, motif: 'siren et siret discordants' }]);
  });

  it('refuses a file without the list’s identifier columns', async () => {
    const file = path.join(dir, 'other.csv');
    await writeFile(file, 'siren;nom\n356000000;X\n');
    let error: unknown;
    try {
      await read(file);
    } catch (e) {
      error = e;
    }
    expect(String(error)).to.contain('numeroDeclarationActivite');
  });
});
