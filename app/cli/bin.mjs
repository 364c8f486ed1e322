#!/usr/bin/env node
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
