import path from 'node:path';
import { FR_INPI_PI_REGISTER, frInpiPiStreamOf } from '../../schemas/events/frInpiPiEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { datedPass, type PassContext } from '../core/datedPass.ts';
import { type BlockPassChoice, manifestSha256 } from '../core/filesPass.ts';
import { countsAboveZero, warnSetAside } from '../core/setAsideWarning.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptyInpiPiReport, type InpiPiFile, inpiPiFiles, readFrInpiPiFiles } from './readFrInpiPiFiles.ts';

export interface FrInpiPiIngestOptions extends PassContext, BlockPassChoice {
  /** INPI XML files (`.xml`, `.xml.gz`), ZIP archives of them, or folders of both. */
  paths: readonly string[];
  /** YYYY-MM-DD of the latest file the copy holds: freshness is measured from it. */
  snapshotDate: string;
  onProgress?: (rows: number) => void;
}

/**
 * One snapshot pass over the INPI copy: every file given is read (newest first, the latest version of a
 * title wins), the trademarks and patents held by a SIREN are diffed against the last pass (a title absent
 * from the files is dropped: the copy is the set of files given, stock and weekly files together). The
 * pass's SHA-256 is the manifest of the files' own SHA-256 (sha256sum lines, sorted), each file's kept in
 * the report. A pass that records every title (the first, or `recordAll`) records them in block events
 * (snapshotPass.ts `blocks`) unless `oneEventPerRow`: each title with its own file's SHA-256, its ZIP entry
 * (a `.zip`) and the line its element opens on, where `registres audit row` shows an auditor to find it.
 */
export async function ingestFrInpiPi(opts: FrInpiPiIngestOptions): Promise<SnapshotCompletedData> {
  const files = await inpiPiFiles(opts.paths);
  if (files.length === 0) throw new Error(`no INPI file (.xml, .zip) under ${opts.paths.join(', ')}`);
  const read: InpiPiFile[] = [];
  for (const file of files) read.push({ path: file, sha256: await sha256OfFile(file) });
  const fichiers = read.map((f) => ({ nom: path.basename(f.path), sha256: f.sha256 }));
  const report = emptyInpiPiReport();
  const done = await runSnapshotPass({
    ...datedPass(opts, FR_INPI_PI_REGISTER, opts.snapshotDate),
    fileSha256: manifestSha256(fichiers),
    rows: readFrInpiPiFiles(read, report),
    streamOf: frInpiPiStreamOf,
    // Each row names its own file (the pass reads several).
    ...(opts.oneEventPerRow ? {} : { blocks: { fileSha256Of: () => undefined } }),
    ...(opts.recordAll ? { recordAll: true } : {}),
    onProgress: opts.onProgress,
    report: () => ({ ...report, fichiers }),
  });
  warnSetAside(opts.logger, FR_INPI_PI_REGISTER, [
    {
      fields: () => countsAboveZero({ lignesEcartees: report.lignesEcartees }),
      because: 'INPI documents or titles set aside',
    },
  ]);
  return done;
}
