import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface OpenedCsv {
  stream: Readable;
  /** Name of the CSV (the zip entry's name for a zip). */
  name: string;
  /** Uncompressed size in bytes, when known before reading. */
  bytes: number | null;
}

/**
 * The CSV bytes of a published file: the file itself, or the single `.csv` entry of a `.zip` (as INSEE
 * publishes its stocks), decompressed on the fly. Constant memory either way.
 */
export async function openCsvFile(file: string): Promise<OpenedCsv> {
  if (!file.toLowerCase().endsWith('.zip')) {
    const { size } = await stat(file);
    return { stream: createReadStream(file, { highWaterMark: 1 << 20 }), name: file, bytes: size };
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, z) => (err ? reject(err) : resolve(z!))),
  );
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      if (e.fileName.toLowerCase().endsWith('.csv')) resolve(e);
      else zip.readEntry();
    });
    zip.on('end', () => reject(new Error(`${file}: no .csv entry in the zip`)));
    zip.on('error', reject);
    zip.readEntry();
  });
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s!))),
  );
  return { stream, name: entry.fileName, bytes: entry.uncompressedSize };
}
