import fs from 'node:fs/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { demoDirOf } from '../../ops/sourceRoot.ts';
import { writeZip } from '../../test/support/writeZip.ts';
import { siretOf } from './sirenPool.ts';

/** The export's files the ingester reads, in the archive's order. */
const READ_FILES = ['InstallationClassee.csv', 'inspection.csv', 'rubriqueIC.csv'] as const;
/** Installations per company (real: about 140,000 installations for some 90,000 operators). */
const PER_COMPANY = 2;

export interface GeneratedIcpe {
  /** The folder of page ZIPs the ingester reads (`georisques_csv_page_<N>.zip`). */
  folder: string;
  pages: number;
  /** The same three CSV files, unzipped, for the COPY baseline. */
  csvFiles: { file: string; columns: number }[];
  installations: number;
  /** Lines of the three files (headers apart): what the baseline copies. */
  lines: number;
  bytes: number;
}

/**
 * Géorisques' export at a given size, paged as the country's download is (`page_size`, 6,000 by default: every
 * page a ZIP of the same files describing its own installations, the last holding fewer): InstallationClassee.csv, inspection.csv and rubriqueIC.csv
 * (`;`, ISO-8859-1, as published), the seven real installations of the demo excerpt in turn with their
 * inspection and rubrique lines (ingest/fr-icpe/demo/SOURCE.txt), each copy with its own `codeAiot` (and `url`)
 * and, when the real line has one, the SIRET of establishment 1 or 2 of the company of rank n / 2; zipped as
 * the download is. The two metadata files the ingester does not read are left out.
 */
export async function generateIcpe(opts: {
  dir: string;
  installations: number;
  sirenAt: (rank: number) => string;
  /** Installations a page (the export's `page_size`). */
  pageSize?: number;
}): Promise<GeneratedIcpe> {
  const pageSize = opts.pageSize ?? 6000;
  const templates = await demoFiles();
  const [installationLines, inspectionLines, rubriqueLines] = READ_FILES.map((name) =>
    linesOf(templates.get(name)!),
  ) as [Lines, Lines, Lines];
  const out = READ_FILES.map((name) => ({ name, parts: [] as string[] }));
  for (const [i, lines] of [installationLines, inspectionLines, rubriqueLines].entries()) {
    out[i]!.parts.push(`${lines.header}\n`);
  }
  let lines = 0;
  // Each page's lines of the three files (its installations' only), headers apart.
  const pages: string[][][] = [];
  for (let n = 0; n < opts.installations; n++) {
    if (n % pageSize === 0) pages.push(READ_FILES.map(() => []));
    const page = pages.at(-1)!;
    const template = installationLines.rows[n % installationLines.rows.length]!;
    const fields = template.split(';');
    const realCode = fields[0]!;
    const code = `"${String(n + 1).padStart(10, '0')}"`;
    fields[0] = code;
    if (fields[9] !== '') {
      fields[9] = `"${siretOf(opts.sirenAt(Math.floor(n / PER_COMPANY)), (n % PER_COMPANY) + 1)}"`;
    }
    fields[fields.length - 1] = fields.at(-1)!.replace(realCode.slice(1, -1), code.slice(1, -1));
    out[0]!.parts.push(`${fields.join(';')}\n`);
    page[0]!.push(`${fields.join(';')}\n`);
    lines++;
    for (const [i, related] of [inspectionLines, rubriqueLines].entries()) {
      for (const row of related.rows) {
        if (!row.startsWith(`${realCode};`)) continue;
        out[i + 1]!.parts.push(`${code}${row.slice(realCode.length)}\n`);
        page[i + 1]!.push(`${code}${row.slice(realCode.length)}\n`);
        lines++;
      }
    }
  }
  const headers = [installationLines, inspectionLines, rubriqueLines].map((l) => l.header);
  const csvFiles: GeneratedIcpe['csvFiles'] = [];
  for (const [i, { name, parts }] of out.entries()) {
    const file = path.join(opts.dir, name);
    await fs.writeFile(file, Buffer.from(parts.join(''), 'latin1'));
    csvFiles.push({ file, columns: headers[i]!.split(';').length });
  }
  const folder = path.join(opts.dir, 'icpe-pages');
  await fs.mkdir(folder, { recursive: true });
  let bytes = 0;
  for (const [p, files] of pages.entries()) {
    const file = path.join(folder, `georisques_csv_page_${p + 1}.zip`);
    await writeZip(
      file,
      READ_FILES.map((name, i) => ({
        name,
        content: Buffer.from(`${headers[i]}\n${files[i]!.join('')}`, 'latin1'),
      })),
    );
    bytes += (await fs.stat(file)).size;
  }
  return { folder, pages: pages.length, csvFiles, installations: opts.installations, lines, bytes };
}

interface Lines {
  header: string;
  rows: string[];
}

function linesOf(bytes: Buffer): Lines {
  const [header, ...rows] = bytes.toString('latin1').split('\n');
  return { header: header!, rows: rows.filter((r) => r !== '') };
}

/** The demo excerpt's entries, as archived. */
function demoFiles(): Promise<Map<string, Buffer>> {
  const file = path.join(demoDirOf('fr-icpe'), 'icpe_gironde_excerpt.zip');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, async (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        }),
      );
      zip.once('end', () => resolve(files));
      zip.once('error', reject);
      zip.readEntry();
    });
  });
}
