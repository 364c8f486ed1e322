import { openCsvFile } from './openCsvFile.ts';

const SAMPLE_BYTES = 1 << 20;

/**
 * Rows a CSV (or zipped CSV) probably holds, for a progress bar's ETA: its size divided by the mean line
 * length of its first megabyte. Null when the size is unknown. Reads at most about one megabyte.
 */
export async function estimateCsvRows(file: string): Promise<number | null> {
  const opened = await openCsvFile(file);
  let bytes = 0;
  let lines = 0;
  try {
    for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      bytes += chunk.length;
      if (bytes >= SAMPLE_BYTES) break;
    }
  } finally {
    opened.stream.destroy();
  }
  if (opened.bytes === null || lines === 0) return null;
  // The header is one of the lines: remove it from the estimate.
  return Math.max(0, Math.round((opened.bytes * lines) / bytes) - 1);
}
