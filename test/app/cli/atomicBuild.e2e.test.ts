import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const CLI = fileURLToPath(new URL('../../../app/cli/', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
const SOURCE_FOLDERS = ['app', 'ingest', 'projections', 'api', 'schemas', 'ops'];
const MODULES_PER_FOLDER = 40;

/**
 * A small project laid out as ours (the source folders, tsconfig.build.json, the build scripts), so that its
 * build is run as `npm install` and `npx registres` run ours, without touching this working copy's dist/.
 */
function smallProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registres-build-'));
  fs.mkdirSync(path.join(root, 'app', 'cli'), { recursive: true });
  for (const file of ['build.mjs', 'buildStamp.mjs'])
    fs.copyFileSync(path.join(CLI, file), path.join(root, 'app', 'cli', file));
  fs.symlinkSync(NODE_MODULES, path.join(root, 'node_modules'));
  fs.writeFileSync(path.join(root, 'package.json'), '{"name":"small","type":"module"}\n');
  const compilerOptions = { module: 'NodeNext', target: 'ES2022', rootDir: '.', outDir: 'dist', types: [] };
  fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions }));
  fs.writeFileSync(
    path.join(root, 'tsconfig.build.json'),
    JSON.stringify({ extends: './tsconfig.json', include: SOURCE_FOLDERS }),
  );
  for (const folder of SOURCE_FOLDERS) {
    fs.mkdirSync(path.join(root, folder), { recursive: true });
    for (let i = 0; i < MODULES_PER_FOLDER; i++)
      fs.writeFileSync(path.join(root, folder, `m${i}.ts`), `export const value${i}: number = ${i};\n`);
  }
  return root;
}

const build = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'app', 'cli', 'build.mjs'), ...args], { encoding: 'utf8' });

/** What a process running from dist/ could import now: null when dist/ is absent, else the modules missing. */
function missingModules(root: string): string[] | null {
  const dist = path.join(root, 'dist');
  const inode = () => fs.statSync(dist, { throwIfNoEntry: false })?.ino;
  const before = inode();
  if (before === undefined) return null;
  const missing: string[] = [];
  for (const folder of SOURCE_FOLDERS)
    for (let i = 0; i < MODULES_PER_FOLDER; i++) {
      const file = path.join(dist, folder, `m${i}.js`);
      if (!fs.existsSync(file)) missing.push(path.relative(dist, file));
    }
  // A look that spanned the swap saw two directories (the old one, then none or the new one): it says nothing
  // of either. What is checked is that every directory named dist/ is whole while it has the name.
  return inode() === before ? missing : null;
}

describe('The build (app/cli/build.mjs, run by npm install and npx registres)', function () {
  this.timeout(180_000);
  // Built once (a tsc run is most of this file's time); each test works on a copy, its times kept, so that the
  // copy's dist/ is as new against its sources as the build left it.
  let built: string;
  let root: string;
  before(() => {
    built = smallProject();
    expect(build(built).status).to.equal(0);
  });
  after(() => fs.rmSync(built, { recursive: true, force: true }));
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'registres-build-'));
    fs.cpSync(built, root, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('leaves a dist/ newer than every source as it is', () => {
    const before = fs.statSync(path.join(root, 'dist', 'app', 'm0.js'));
    const again = build(root);
    expect(again.status).to.equal(0);
    expect(again.stdout).to.contain('nothing to do');
    expect(fs.statSync(path.join(root, 'dist', 'app', 'm0.js')).ino).to.equal(before.ino);
  });

  it('rebuilds after a source changed', () => {
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'ops', 'm3.ts'), future, future);
    const again = build(root);
    expect(again.stdout).to.contain('compiled to dist/');
    expect(missingModules(root)).to.deep.equal([]);
  });

  it('never shows a half-built dist/ while it rebuilds', async () => {
    const rebuilding = spawn(process.execPath, [path.join(root, 'app', 'cli', 'build.mjs'), '--force'], {
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => rebuilding.on('exit', resolve));
    let done = false;
    void exited.then(() => {
      done = true;
    });
    const seen = new Set<string>();
    while (!done) {
      const missing = missingModules(root);
      if (missing && missing.length > 0) seen.add(missing.slice(0, 3).join(', '));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exited).to.equal(0);
    expect([...seen]).to.deep.equal([]);
    expect(missingModules(root)).to.deep.equal([]);
    expect(fs.readdirSync(root).filter((f) => f.startsWith('dist.'))).to.deep.equal([]);
  });
});
