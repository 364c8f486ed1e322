#!/usr/bin/env -S node --max-semi-space-size=32
// The flag: a young generation of 2 x 32 MiB (V8's default tops out at 16 MiB). The bulk passes and the
// projections allocate rows that live for one batch (2,000 rows, about 1 MB); with the default they outlive
// the young generation, are promoted, and V8's old-generation collections take a large share of the CPU. Bench
// sirene, 1 M rows, quiet (2026-12-03, 12:46 without, 15:24 with): units + establishments 73.0 -> 47.8 s, every
// read model 124.6 -> 76.0 s; CPU ingest 36.0 -> 22.5 s, projecting 61.8 -> 38.7, PostgreSQL 113.0 -> 69.4; peak
// RSS of the ingest 415 MiB. `npm start`, `npm run bench` and the bench's ingest processes pass the same flag
// (package.json, bench/core).
// Entry point of `npx registres` and `npm start`. Runs the build that `npm install` compiled (dist/, see
// build.mjs) on plain node. Loads the TypeScript sources through tsx instead when there is no build, when a
// source file is newer than the build (a working copy being edited), for `bench` (benchmarks are
// TypeScript files found at run time), or when REGISTRES_FROM_SOURCES=1.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './buildStamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const argv = process.argv.slice(2);
let main;
const fromSources = process.env.REGISTRES_FROM_SOURCES === '1' || argv[0] === 'bench';
if (!fromSources && buildIsCurrent(root)) {
  ({ main } = await import('../../dist/app/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('./main.ts'));
}
process.exitCode = await main(argv);
