import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';

export interface FileFingerprint {
  /** Base name of the file, as listed in a manifest. */
  name: string;
  sha256: string;
  bytes: number;
}

/** SHA-256 of a file as published (the zip itself when the source ships a zip), streamed in constant memory. */
export async function fingerprintFile(file: string): Promise<FileFingerprint> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { name: path.basename(file), sha256: hash.digest('hex'), bytes };
}

/**
 * The fingerprint of a pass that loads several files: the SHA-256 of its manifest, one line per file
 * `<sha256 hex>  <base name>\n` (the `sha256sum` format), lines sorted by base name in byte order. An
 * operator reproduces it with `cd <dir> && sha256sum <files> | LC_ALL=C sort -k2 | sha256sum`. One file:
 * that file's own SHA-256.
 */
export function manifestSha256(files: readonly FileFingerprint[]): string {
  if (files.length === 1) return files[0]!.sha256;
  const lines = [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => `${f.sha256}  ${f.name}\n`)
    .join('');
  return createHash('sha256').update(lines, 'utf8').digest('hex');
}
