import path from 'node:path';
import { EU_TED_REGISTER, euTedStreamOf } from '../../schemas/events/euTedEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { datedPass, type PassContext } from '../core/datedPass.ts';
import { manifestSha256 } from '../core/filesPass.ts';
import { countsAboveZero, warnSetAside } from '../core/setAsideWarning.ts';
import { runSnapshotPass } from '../core/snapshotPass.ts';
import { sha256OfFile } from '../core/upstreamFile.ts';
import { emptyTedReport, readEuTedFiles, tedNoticeFiles } from './readEuTedFiles.ts';

export interface EuTedIngestOptions extends PassContext {
  /** Notice files, or folders of them (an extracted daily package, the folder the copy is kept in). */
  paths: readonly string[];
  /** YYYY-MM-DD of the latest package the files hold: freshness is measured from it. */
  snapshotDate: string;
  onProgress?: (rows: number) => void;
}

/**
 * One snapshot pass over the TED copy: every notice file given is read, the award notices with a French
 * winner are diffed against the last pass (a notice absent from the files is dropped: the copy is the set of
 * files given, e.g. the folder every daily package is extracted into). The pass's SHA-256 is the manifest of
 * the files' own SHA-256 (sha256sum lines, sorted), each file's kept in the report.
 */
export async function ingestEuTed(opts: EuTedIngestOptions): Promise<SnapshotCompletedData> {
  const files = await tedNoticeFiles(opts.paths);
  if (files.length === 0) throw new Error(`no notice file (.xml) under ${opts.paths.join(', ')}`);
  const fichiers: { nom: string; sha256: string }[] = [];
  for (const file of files) fichiers.push({ nom: path.basename(file), sha256: await sha256OfFile(file) });
  const report = emptyTedReport();
  const done = await runSnapshotPass({
    ...datedPass(opts, EU_TED_REGISTER, opts.snapshotDate),
    fileSha256: manifestSha256(fichiers),
    rows: readEuTedFiles(files, report),
    streamOf: euTedStreamOf,
    onProgress: opts.onProgress,
    report: () => ({ ...report, fichiers }),
  });
  warnSetAside(opts.logger, EU_TED_REGISTER, [
    {
      fields: () => countsAboveZero({ lignesEcartees: report.lignesEcartees }),
      because: 'TED notice files set aside',
    },
  ]);
  return done;
}
