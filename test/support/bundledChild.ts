import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = path.join(ROOT, 'node_modules', '.cache', 'registres-test-children');
const bundles = new Map<string, Promise<string>>();

/**
 * A TypeScript entry point of a test's child process, bundled once per test process into one ES module that
 * plain `node` runs. A child started with `--import tsx` spent about 1.5 s of CPU resolving and compiling the
 * modules it imports before doing anything; the bundle starts in about 0.4 s (measured on the crash tests' pass
 * child). Packages stay imports (`packages: 'external'`), found from `node_modules/.cache/`, inside the project.
 * Each process writes its own file (parallel workers never read a bundle another is writing) and removes it
 * as it exits, so that runs leave no bundles behind.
 */
export function bundledChild(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    const outfile = path.join(DIR, `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
    mkdirSync(DIR, { recursive: true });
    process.once('exit', () => rmSync(outfile, { force: true }));
    bundle = build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    }).then(() => outfile);
    bundles.set(entry, bundle);
  }
  return bundle;
}

/**
 * Packages the command line's bundle leaves as imports: PGlite (it reads its wasm and data files beside its
 * own modules), pino and its worker threads (transports are files found from the package's folder), the
 * compilers and the browser driver, and the drivers of knex's other dialects (required only when configured,
 * and not installed).
 */
const COMMAND_LINE_EXTERNAL = [
  '@electric-sql/*',
  'pino',
  'pino-*',
  'thread-stream',
  'tsx',
  'esbuild',
  'playwright-core',
  'pg-native',
  'pg-query-stream',
  'better-sqlite3',
  'sqlite3',
  'mysql',
  'mysql2',
  'mariadb',
  'mariadb/*',
  'oracledb',
  'tedious',
];

let commandLine: Promise<string> | null = null;

/**
 * `registres` (app/cli/main.ts, as bin.mjs runs it) bundled once per test process with the packages it
 * imports, for the suites' `registres` children: a `serve` child on the demo reached "Ready" in about 2.5 s of
 * CPU instead of 4 s from dist/ (the module loader resolving and compiling about a thousand files of dist/ and
 * node_modules/, 1.3 s of the 4), and more from the sources through tsx (a working copy being edited). Code
 * splitting keeps main.ts's lazy imports lazy: `registres --help` loads no command's code. Written, like
 * bundledChild's, into a folder of this process removed as it exits; about 1.7 s of CPU (esbuild's) to build.
 */
export function bundledCommandLine(): Promise<string> {
  if (!commandLine) {
    const outdir = path.join(DIR, `registres-${process.pid}`);
    mkdirSync(DIR, { recursive: true });
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    commandLine = build({
      entryPoints: { registres: path.join(ROOT, 'test/support/commandLineEntry.ts') },
      outdir,
      bundle: true,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: COMMAND_LINE_EXTERNAL,
      // The CommonJS packages bundled into an ES module still call require (node's own modules, optional ones).
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
      },
      logLevel: 'warning',
    }).then(() => path.join(outdir, 'registres.js'));
  }
  return commandLine;
}
