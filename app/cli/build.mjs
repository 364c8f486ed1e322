#!/usr/bin/env node
// `npm install` runs this (the `prepare` script): compiles the service to dist/ with tsc
// (tsconfig.build.json), so that `registres` and `npm start` start on plain node, without compiling
// TypeScript at every start. Writes dist/.build-stamp last: bin.mjs runs dist/ only when that stamp is newer
// than every source file. Without TypeScript installed (a production install without dev dependencies) it
// says so and stops: bin.mjs then loads the sources through tsx.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
let tsc;
try {
  tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  process.stdout.write('build: TypeScript is not installed; the command line will compile at start (tsx)\n');
  process.exit(0);
}
rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const run = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (run.status !== 0) {
  rmSync(dist, { recursive: true, force: true });
  process.stderr.write('build: tsc failed; the command line will compile at start (tsx)\n');
  process.exit(run.status ?? 1);
}
mkdirSync(dist, { recursive: true });
writeFileSync(path.join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
process.stdout.write(`build: compiled to dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
