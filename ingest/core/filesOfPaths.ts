import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of a copy given as paths on the command line: a file as is, a folder's files whose names `match`
 * (its subfolders' too when `recursive`), each folder's in name order, in the order the paths were given.
 * A register orders the whole list its own way when its reading depends on it (newest first, page order).
 */
export async function filesOfPaths(
  paths: readonly string[],
  match: (name: string) => boolean,
  opts: { recursive: boolean },
): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    if ((await stat(p)).isDirectory()) {
      const names = (await readdir(p, { recursive: opts.recursive })).filter(match).sort();
      files.push(...names.map((n) => path.join(p, n)));
    } else {
      files.push(p);
    }
  }
  return files;
}
