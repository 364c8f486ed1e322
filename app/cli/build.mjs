#!/usr/bin/env node
// `npm install` runs this (the `prepare` script), and so does `npx registres …` (npm installs the project
// into its cache to run its bin): compiles the service to dist/ with tsc (tsconfig.build.json), so that
// `registres` and `npm start` start on plain node, without compiling TypeScript at every start.
//
// A server may be running from dist/ while this runs: it imports modules lazily, so dist/ must never be seen
// half-built. Hence: nothing is done when dist/ is already newer than every source (buildStamp.mjs); otherwise
// tsc writes a sibling folder, which replaces dist/ by renames once complete (`--force` builds anyway).
// Without TypeScript installed (a production install without dev dependencies) it says so and stops: bin.mjs
// then loads the sources through tsx.
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILD_STAMP, buildIsCurrent } from './buildStamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
if (!process.argv.includes('--force') && buildIsCurrent(root)) {
  process.stdout.write('build: dist/ is newer than every source; nothing to do\n');
  process.exit(0);
}
let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  process.stdout.write('build: TypeScript is not installed; the command line will compile at start (tsx)\n');
  process.exit(0);
}
// One folder per build process: two builds at once never write into the same one.
const next = path.join(root, `dist.building-${process.pid}`);
const previous = path.join(root, `dist.previous-${process.pid}`);
rmSync(next, { recursive: true, force: true });
const started = Date.now();
const run = spawnSync(
  process.execPath,
  // --noCheck: emit only. The types are checked where they are changed (`tsc --noEmit`, CI's first step); a
  // second check here cost a third of the build's time at every install.
  [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', next, '--noCheck'],
  { stdio: 'inherit' },
);
if (run.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.stderr.write('build: tsc failed; dist/ is left as it was\n');
  process.exit(run.status ?? 1);
}
writeFileSync(path.join(next, BUILD_STAMP), `${new Date().toISOString()}\n`);
// The swap: the complete build takes dist/'s name. Between the two renames dist/ is absent for an instant (a
// start then falls back to the sources), never partly written.
try {
  renameSync(dist, previous);
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
renameSync(next, dist);
rmSync(previous, { recursive: true, force: true });
process.stdout.write(`build: compiled to dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
