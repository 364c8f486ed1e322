#!/usr/bin/env node
// Entry point of `npx registres` and `npm start`. Runs the build that `npm install` compiled (dist/, see
// build.mjs) on plain node. Loads the TypeScript sources through tsx instead when there is no build, when a
// source file is newer than the build (a working copy being edited), for `bench` (benchmarks are
// TypeScript files found at run time), or when REGISTRES_FROM_SOURCES=1.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['app', 'ingest', 'projections', 'api', 'schemas', 'ops'];

function buildTime() {
  try {
    return statSync(path.join(root, 'dist', '.build-stamp')).mtimeMs;
  } catch {
    return null;
  }
}

/** True when a TypeScript source (or the build's config) changed after the build. */
function newerThan(time) {
  const files = [path.join(root, 'tsconfig.json'), path.join(root, 'tsconfig.build.json')];
  for (const dir of SOURCES) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) files.push(path.join(entry.parentPath, entry.name));
    }
  }
  return files.some((f) => statSync(f).mtimeMs > time);
}

const argv = process.argv.slice(2);
const built = buildTime();
let main;
const fromSources = process.env.REGISTRES_FROM_SOURCES === '1' || argv[0] === 'bench';
if (!fromSources && built !== null && !newerThan(built)) {
  ({ main } = await import('../../dist/app/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(argv);
