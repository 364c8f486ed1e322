import path from 'node:path';
import yauzl from 'yauzl';
import { demoDirOf } from '../../../ops/sourceRoot.ts';
import { writeZip } from '../../support/writeZip.ts';

/**
 * The demo excerpt of a real Géorisques export (ingest/fr-icpe/demo/SOURCE.txt): seven installations of the
 * Gironde export of 2026-04-08, among them four of VERMILION REP SAS, one of LA POSTE and one named after a person.
 */
export const ICPE_GIRONDE_EXCERPT = path.join(demoDirOf('fr-icpe'), 'icpe_gironde_excerpt.zip');

/** A real line of the export that names a natural person, and its street address: never logged nor served. */
export const ICPE_PERSON = {
  codeAiot: '0100035050',
  siren: '480337849',
  siret: '48033784900024',
  name: ['MARCQ', 'Marcq', 'GABRIEL', 'Gabriel'],
  address: ['Uchamp', 'UCHAMP'],
};

/** The excerpt's entries, in the archive's order, as bytes (ISO-8859-1, `\n`). */
async function excerptEntries(): Promise<{ name: string; content: Buffer }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(ICPE_GIRONDE_EXCERPT, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const entries: { name: string; content: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (e, stream) => {
        if (e || !stream) return reject(e);
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        entries.push({ name: entry.fileName, content: Buffer.concat(chunks) });
        zip.readEntry();
      }),
    );
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/**
 * The excerpt cut into the pages of a paged download (`page`, `page_size`): each page a ZIP of the same five
 * entries, in the same order, holding the header line of each and the lines of its installations only, byte
 * for byte (a page's files describe its own installations: ingest/fr-icpe/demo/SOURCE.txt). `pages` lists,
 * for each page, the installations' line numbers in the excerpt's InstallationClassee.csv (2 to 8; the pages of the tests leave out line 6, La Poste’s): a line
 * may be in two pages, as when a live export shifts between two downloads. Written as `<dir>/<name>_<N>.zip`.
 */
export async function writeIcpePages(
  dir: string,
  pages: readonly (readonly number[])[],
  name = 'georisques_csv_page',
): Promise<string[]> {
  const entries = await excerptEntries();
  const linesOf = (content: Buffer) => content.toString('latin1').split('\n');
  const installations = linesOf(entries.find((e) => e.name === 'InstallationClassee.csv')!.content);
  const files: string[] = [];
  for (const [i, page] of pages.entries()) {
    const codes = new Set(page.map((n) => installations[n - 1]!.split(';')[0]!));
    const file = path.join(dir, `${name}_${i + 1}.zip`);
    await writeZip(
      file,
      entries.map(({ name: entry, content }) => {
        const [header, ...rows] = linesOf(content);
        const kept =
          entry === 'InstallationClassee.csv'
            ? page.map((n) => installations[n - 1]!)
            : rows.filter((r) => codes.has(r.split(';')[0]!));
        return { name: entry, content: Buffer.from([header, ...kept, ''].join('\n'), 'latin1') };
      }),
    );
    files.push(file);
  }
  return files;
}
