import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root directory (where package.json is), whether this module runs from its TypeScript source
 * or from the build in `dist/` (compiled at install time): files shipped beside the code (demo data,
 * package.json) are found from here, never from the running module's own directory.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SOURCE_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A register folder's shipped demo directory, `ingest/<folder>/demo`. */
export const demoDirOf = (folder: string) => path.join(SOURCE_ROOT, 'ingest', folder, 'demo');
