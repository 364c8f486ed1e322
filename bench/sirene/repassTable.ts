import { formatBytes, formatCount, formatRatio, formatSeconds } from '../core/format.ts';
import { printTable } from '../core/printTable.ts';
import { passCpuText } from './ingestTables.ts';
import type { ReadAndHashFloor } from './readAndHashFloor.ts';
import type { TimedPass } from './timedSirenePass.ts';

/** Issue 50: an unchanged monthly re-pass at most 1.2x the time of reading and hashing the same files (issue 22: 1.5x). */
const REPASS_TARGET = 1.2;

/** The unchanged re-pass against its floor, reading and hashing the same files without a database. */
export function printRepassTable(opts: {
  version: string;
  floor: ReadAndHashFloor;
  pass: TimedPass;
  diskBytes: number;
  out: (line: string) => void;
}): void {
  const { floor, pass } = opts;
  const floorSeconds = floor.fingerprintSeconds + floor.rowsSeconds;
  const ratio = pass.seconds / floorSeconds;
  printTable(
    `Unchanged monthly re-pass: the same files again as version ${opts.version} (${formatCount(pass.counts.unchanged)} rows unchanged)`,
    [
      {
        measure: 'floor: read and hash the two files (ingester code, no database)',
        figure: `${formatSeconds(floorSeconds)} (fingerprints ${formatSeconds(floor.fingerprintSeconds)}, rows ${formatSeconds(floor.rowsSeconds)})`,
      },
      {
        measure: 're-pass end to end (every read model caught up)',
        figure: `${formatSeconds(pass.seconds)} (ingest ${formatSeconds(pass.eventsSeconds)})`,
        ratio: formatRatio(ratio),
        target: `<= ${formatRatio(REPASS_TARGET)}`,
        verdict: ratio <= REPASS_TARGET ? 'met' : 'not met',
      },
      {
        measure: 'of which the pass in the log (SnapshotStarted to SnapshotCompleted)',
        figure: formatSeconds(pass.secondsInLog),
      },
      {
        measure: 'CPU seconds: ingest + projecting + PostgreSQL = total (of elapsed x cores)',
        figure: passCpuText(pass),
      },
      {
        measure: "of which PostgreSQL for the ingest's connections (its backends, by application_name)",
        figure: pass.cpu.ingestBackends === null ? 'n/a' : formatSeconds(pass.cpu.ingestBackends),
      },
      {
        measure:
          pass.ingestPeakRss !== null ? 'peak RSS, ingest process' : 'peak RSS, this process (with PGlite)',
        figure: formatBytes(pass.ingestPeakRss ?? pass.benchPeakRss),
      },
      { measure: 'disk added (every table of the load)', figure: formatBytes(opts.diskBytes) },
    ],
    opts.out,
  );
}
