import { expect } from 'chai';
import { detectRnaLayout, readRnaCsv } from '../../../ingest/fr-rna/readFrRnaCsv.ts';
import {
  RNA_IMPORT_2018,
  RNA_WALDEC_2018,
  RNA_WALDEC_LATIN1,
  RNA_WALDEC_UTF8,
} from '../../support/gazetteFixtures.ts';

describe('RNA files: layout read from the file, never assumed', () => {
  it('a departmental waldec file is read as ISO-8859-1 with semicolons', async () => {
    const layout = await detectRnaLayout(RNA_WALDEC_LATIN1);
    expect(layout).to.include({ kind: 'waldec', delimiter: ';', encoding: 'latin1' });
    expect(layout.columns).to.have.length(39);
    const [first] = await rows(RNA_WALDEC_LATIN1);
    expect(first!.record.adrs_libcommune).to.equal('Mazères-Lezons');
  });

  it('a national waldec file is read as UTF-8 with commas, quoted commas kept inside their field', async () => {
    expect(await detectRnaLayout(RNA_WALDEC_UTF8)).to.include({
      kind: 'waldec',
      delimiter: ',',
      encoding: 'utf8',
    });
    const [first] = await rows(RNA_WALDEC_UTF8);
    expect(first).to.deep.include({ kind: 'waldec', id: 'W751234567' });
    expect(first!.record.titre).to.equal('LES AMIS DU CANAL SAINT-MARTIN, ÉCOLOGIE ET PATRIMOINE');
  });

  it('the 2018 layouts are recognised: 41-column waldec, import keyed by the W number it carries', async () => {
    expect((await detectRnaLayout(RNA_WALDEC_2018)).columns).to.have.length(41);
    expect(await detectRnaLayout(RNA_IMPORT_2018)).to.include({ kind: 'import', delimiter: ';' });
    const imported = await rows(RNA_IMPORT_2018);
    expect(imported.map((r) => r.id)).to.deep.equal(['W751085568', 'W751184848', 'W751188854']);
    expect(imported[0]!.record.date_publi).to.equal('0001-01-01');
    expect(imported[0]!.record.siret).to.equal(null);
  });
});

async function rows(file: string) {
  const out = [];
  for await (const r of readRnaCsv(file)) out.push(r);
  return out;
}
