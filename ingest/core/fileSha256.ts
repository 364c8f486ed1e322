import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';

/** SHA-256 (hex) of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The fingerprint of a load made of several files: one file's own SHA-256, or the SHA-256 of the sorted
 * manifest (`<sha256>  <file name>` lines) when there are several, so the order they are given in is irrelevant.
 */
export async function filesSha256(files: readonly string[]): Promise<string> {
  if (files.length === 1) return fileSha256(files[0]!);
  const lines: string[] = [];
  for (const f of files) lines.push(`${await fileSha256(f)}  ${basename(f)}`);
  lines.sort();
  return createHash('sha256')
    .update(`${lines.join('\n')}\n`)
    .digest('hex');
}
