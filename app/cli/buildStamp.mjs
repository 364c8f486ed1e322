// When dist/ (the compiled service, build.mjs) may be run: its stamp, written last into a complete build,
// must be newer than every TypeScript source and the build's configuration. Read by bin.mjs (run dist/ or the
// sources) and build.mjs (build, or nothing to do).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const BUILD_STAMP = '.build-stamp';
const SOURCES = ['app', 'ingest', 'projections', 'api', 'schemas', 'ops'];

/** The time of dist/'s stamp (ms), or null when dist/ holds no complete build. */
export function buildTime(root) {
  try {
    return statSync(path.join(root, 'dist', BUILD_STAMP)).mtimeMs;
  } catch {
    return null;
  }
}

/** True when a TypeScript source (or the build's config) changed after `time`. */
export function sourcesNewerThan(root, time) {
  const files = [path.join(root, 'tsconfig.json'), path.join(root, 'tsconfig.build.json')];
  for (const dir of SOURCES) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files.some((f) => statSync(f).mtimeMs > time);
}

/** True when dist/ is a complete build of the sources as they are. */
export function buildIsCurrent(root) {
  const built = buildTime(root);
  return built !== null && !sourcesNewerThan(root, built);
}
