import path from 'node:path';
import { FR_ICPE_REGISTER, frIcpeStreamOf } from '../../schemas/events/frIcpeEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import type { PassContext } from '../core/datedPass.ts';
import { filesOfPaths } from '../core/filesOfPaths.ts';
import { type BlockPassChoice, type LinedPassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { IcpeCopyReading, type IcpeReadReport, readIcpePage } from './readFrIcpeZip.ts';

export interface FrIcpeIngestOptions extends PassContext, BlockPassChoice {
  /**
   * The copy: Géorisques export ZIPs (a department's, or the country's pages), or folders of them; read as
   * one pass, so a page not given drops its installations.
   */
  paths: readonly string[];
  /** YYYY-MM-DD of the download (the export states no date): freshness is measured from it. */
  snapshotDate: string;
  onProgress?: (rows: number) => void;
}

/**
 * One snapshot pass over a copy of Géorisques' classified installations: one export ZIP (a department's), or
 * the pages of the country's download (`page`, `page_size`: some 23 ZIPs of 6,000), read as one pass by the
 * shared multi-file pass (filesPass.ts): the manifest of the pages' SHA-256 is the pass's, each page a
 * `fichier` entity, each installation's block naming its own page's SHA-256, the ZIP entry and its line in
 * InstallationClassee.csv. An installation absent from every page is dropped: the copy is the set of pages
 * given. The pages are read in their names' natural order (`page_2` before `page_10`); an installation met
 * again in a later page (the pages of a live export shift while they are downloaded) is kept once, as the
 * first page that holds it published it, and counted (`installationsEnDouble`). Before anything is
 * published, the pages must read as one paged download (checkPages): the export states neither its page
 * number nor its total, but every page holds `page_size` installations but the last, which holds fewer.
 */
export async function ingestFrIcpe(opts: FrIcpeIngestOptions): Promise<SnapshotCompletedData> {
  const pages = await icpePages(opts.paths);
  const reading = new IcpeCopyReading();
  const files: LinedPassFile[] = pages.map((page, i) => ({
    role: path.basename(page),
    path: page,
    async *read(file) {
      yield* readIcpePage(file, reading);
      // Once the last page is read, and before the pass completes: a copy that is not one whole download
      // refuses the pass, so nothing it read is published.
      if (i === pages.length - 1) checkPages(reading.report.installationsParPage);
    },
  }));
  const report = reading.report;
  return runFilesPass({
    knex: opts.knex,
    store: opts.store,
    logger: opts.logger,
    register: FR_ICPE_REGISTER,
    ...(opts.version ? { version: opts.version } : {}),
    snapshotDate: opts.snapshotDate,
    streamOf: frIcpeStreamOf,
    files,
    // The reader gives each installation its line in InstallationClassee.csv: a first pass goes in block events.
    blocks: true,
    ...(opts.recordAll ? { recordAll: true } : {}),
    ...(opts.oneEventPerRow ? { oneEventPerRow: true } : {}),
    report: () => ({ ...report }),
    setAside: [
      {
        fields: () => countsAboveZero({ lignesEcartees: report.lignesEcartees }),
        because: 'ICPE rows set aside',
      },
      {
        fields: () => countsAboveZero({ installationsEnDouble: report.installationsEnDouble }),
        because: 'ICPE installations met again in a later page (kept once)',
      },
    ],
  });
}

/**
 * The ZIPs of the paths given (a file as is, a folder's `.zip` files), in natural name order: a downloader
 * names its pages by number (`georisques_csv_page_<N>.zip`), and `page_2` comes before `page_10`. Two files
 * of the same name refuse the copy (each page is a `fichier` entity named by its file).
 */
export async function icpePages(paths: readonly string[]): Promise<string[]> {
  const files = await filesOfPaths(paths, (n) => /\.zip$/i.test(n), { recursive: false });
  if (files.length === 0) throw new Error(`no Géorisques export ZIP under ${paths.join(', ')}`);
  const names = new Set<string>();
  for (const f of files) {
    const name = path.basename(f);
    if (names.has(name)) throw new Error(`two files named ${name} in the copy; pass refused`);
    names.add(name);
  }
  return files.sort((a, b) => naturalOrder(path.basename(a), path.basename(b)));
}

/** Names compared with their runs of digits as numbers (`page_2` < `page_10`), then as they are spelled. */
function naturalOrder(a: string, b: string): number {
  const split = (s: string) => s.split(/(\d+)/);
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i]!, y[i]!];
    if (p === q) continue;
    if (i % 2 === 1) {
      const d = Number(p) - Number(q);
      if (d !== 0) return d;
    }
    return p < q ? -1 : 1;
  }
  return x.length - y.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Whether several ZIPs read as the pages of one paged download. The export publishes neither a page's number
 * nor the total (its ZIP holds the five CSV files, nothing more), but every page holds `page_size`
 * installations (6,000 by default) but the last, which holds fewer (the way a downloader knows it is done:
 * ingest/fr-icpe/demo/SOURCE.txt). So, of two or more pages, exactly one holds fewer lines than the others,
 * which all hold the same: none fewer means the last page is missing (or the country's count is a multiple
 * of the page size: download again with another `page_size`); two or more means a page cut short, or
 * another export (a department's) mixed in. A page missing from the middle cannot be told from the files:
 * its installations are dropped, as the copy is the pages given. One ZIP (a department's export) is not
 * checked.
 */
export function checkPages(perPage: IcpeReadReport['installationsParPage']): void {
  const counts = Object.entries(perPage);
  if (counts.length < 2) return;
  const size = Math.max(...counts.map(([, n]) => n));
  const short = counts.filter(([, n]) => n < size);
  if (short.length === 0) {
    throw new Error(
      `every page of the copy holds ${size} installations: the last page, which holds fewer, is missing (were the country's count a multiple of ${size}, download it again with another page_size); pass refused`,
    );
  }
  if (short.length > 1) {
    throw new Error(
      `${short.length} pages hold fewer than ${size} installations (${short.map(([name, n]) => `${name}: ${n}`).join(', ')}): only the last page of a download does; a page cut short, or another export mixed in; pass refused`,
    );
  }
}
