import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * What a template database is made from, besides its recipe's key: every source file that can change what
 * migrations or demo seeders write (the product's folders, their demo files, this folder's builders) and the
 * lock file (PGlite's and PostgreSQL's client versions). Any change there rebuilds the templates.
 */
const SOURCES = ['app', 'api', 'ingest', 'ops', 'projections', 'schemas', 'test/support'];

let sourceHash: string | null = null;

/** A hash of SOURCES and package-lock.json, computed once per process (about 900 files, a few tens of ms). */
export function templateSourceHash(): string {
  if (sourceHash) return sourceHash;
  const hash = crypto.createHash('sha256');
  const files: string[] = [path.join(ROOT, 'package-lock.json')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  for (const dir of SOURCES) walk(path.join(ROOT, dir));
  for (const file of files.sort()) {
    hash.update(path.relative(ROOT, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  sourceHash = hash.digest('hex');
  return sourceHash;
}

/** A template's recipe: what makes it unique (with the sources), and how to build it on an empty database. */
export interface TemplateRecipe<Db> {
  /** Everything the content depends on besides the sources: migration names, seeded registers, the day. */
  key: readonly string[];
  /**
   * The template this one is built on (a copy of it, instead of an empty database): the migrations a build
   * would run first, already run. Its build must leave what it would leave on an empty database.
   */
  base?: TemplateRecipe<Db>;
  build(db: Db): Promise<void>;
}

/** The recipe's hash (hex), sources included. */
export function recipeHash(key: readonly string[]): string {
  return crypto.createHash('sha256').update(templateSourceHash()).update(JSON.stringify(key)).digest('hex');
}

/**
 * Where the embedded templates (PGlite data directories) are kept between runs of this checkout: a folder
 * named after the checkout's path, so that checkouts sharing one `node_modules` (git worktrees with a link
 * to it) never remove each other's templates as those of other sources (database.ts templateDir).
 */
export const EMBEDDED_TEMPLATE_DIR = path.join(
  ROOT,
  'node_modules/.cache/registres-test-templates',
  crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12),
);
