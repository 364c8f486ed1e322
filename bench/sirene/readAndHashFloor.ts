import { withDigests } from '../../ingest/core/digestedRows.ts';
import { fingerprintFile } from '../../ingest/core/fileFingerprint.ts';
import type { ValuesRow } from '../../ingest/core/snapshotPass.ts';
import { ETABLISSEMENT_LAYOUT, UNITE_LEGALE_LAYOUT } from '../../ingest/fr-sirene/frSireneColumns.ts';
import { emptyFileReport, readSireneRows } from '../../ingest/fr-sirene/readFrSireneRows.ts';
import { timed } from '../core/timing.ts';
import type { GeneratedSireneFiles } from './generateSireneFiles.ts';

export interface ReadAndHashFloor {
  /** SHA-256 of each whole file, as the ingester fingerprints them before its pass (both at once). */
  fingerprintSeconds: number;
  /** Each row parsed and digested as the pass digests it, the files one after the other. */
  rowsSeconds: number;
  rows: number;
}

/**
 * The least an unchanged re-pass can cost: reading and hashing the same files the way the ingester does,
 * with its own code and no database. `ingestFrSirene` fingerprints both files (`fingerprintFile`), then its
 * pass reads each file's rows (`readSireneRows`: CSV parsed, values in sorted column order) and digests each
 * one (`withDigests`: SHA-256 of the kind's column names and the row's values as JSON). A re-pass then only
 * compares the digests with the last pass's, in the database, and writes no entity event.
 */
export async function measureReadAndHashFloor(files: GeneratedSireneFiles): Promise<ReadAndHashFloor> {
  const inputs = [
    { file: files.unitesLegales, layout: UNITE_LEGALE_LAYOUT },
    { file: files.etablissements, layout: ETABLISSEMENT_LAYOUT },
  ];
  const fingerprint = await timed(() => Promise.all(inputs.map(({ file }) => fingerprintFile(file))));
  const counts = { rows: 0 };
  // Filled as each file's header is read, before its first row reaches the digests (as the pass declares them).
  const columns: Record<string, string[]> = {};
  async function* rows(): AsyncGenerator<ValuesRow> {
    for (const { file, layout } of inputs) {
      const report = emptyFileReport(file);
      for await (const row of readSireneRows(file, layout, report)) {
        columns[layout.kind] ??= report.columns ?? [];
        yield row;
      }
    }
  }
  const digest = await timed(async () => {
    for await (const _row of withDigests(rows(), counts, columns)) {
      // only the digest is wanted
    }
  });
  return { fingerprintSeconds: fingerprint.seconds, rowsSeconds: digest.seconds, rows: counts.rows };
}
