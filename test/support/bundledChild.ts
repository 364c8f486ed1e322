import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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
    const dir = path.join(ROOT, 'node_modules', '.cache', 'registres-test-children');
    const outfile = path.join(dir, `${path.basename(entry, '.ts')}-${process.pid}.mjs`);
    mkdirSync(dir, { recursive: true });
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
