import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../../ops/config.ts';
import { openPGlite } from '../../ops/database/embeddedHost.ts';
import { type Migration, runMigrations } from '../../ops/database/migrations.ts';
import { quoteIdent } from '../../ops/database/notifications.ts';
import { type Database, openDatabase, openEmbeddedSession } from '../../ops/database/openDatabase.ts';
import { createLogger } from '../../ops/logger.ts';
import { EMBEDDED_TEMPLATE_DIR, recipeHash, type TemplateRecipe, templateSourceHash } from './templates.ts';

export const testLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');

/** Which database this run targets: the server of DATABASE_URL, or an embedded one in memory. */
export const targetDescription = process.env.DATABASE_URL ? 'postgresql server' : 'embedded (PGlite)';

export type { TemplateRecipe } from './templates.ts';

/**
 * How many databases of freshDatabase (or databaseFromTemplate) are open now: at most one. On a server they
 * share the server's schema (or the one clone database); embedded, they share the process's one PGlite.
 */
let openFreshDatabases = 0;

/** A claim on the one slot: what was opened in it, and in which top-level suite. */
interface Slot {
  suite: string | null;
  db: Database | null;
  /** Its suite ended before the database was handed over (a `before` hook timed out): close it on arrival. */
  abandoned: boolean;
  /** Settles when the slot is given back. */
  released: Promise<void>;
  release(): void;
  /** The database handed over to the suite: closing it releases the slot, once all it held is released. */
  hold(db: Database): Promise<Database>;
}

/** The top-level suite (a test file's `describe`) running now, as mocha's runner says (templatesSetup.ts). */
let currentSuite: string | null = null;
let holder: Slot | null = null;
/** Databases a suite left open, being closed before the next suite opens its own. */
let closingLeft: Promise<void> = Promise.resolve();

export function topSuiteStarted(title: string) {
  currentSuite = title;
}

/**
 * A top-level suite ended: a database it opened and did not close (its `before` timed out, or threw after the
 * service started without stopping it) is closed now, so that the suites after it open theirs.
 */
export function topSuiteEnded(title: string) {
  currentSuite = null;
  const left = holder;
  if (!left || left.suite !== title) return;
  left.abandoned = true;
  if (left.db) {
    const db = left.db;
    console.error(`test database left open by "${title}": closed`);
    closingLeft = closingLeft.then(() => db.close().catch(() => {}));
  }
}

/** Takes the one slot; throws when a database of a suite before is still open. */
async function claimSlot(): Promise<Slot> {
  await closingLeft;
  // A database still opening for a suite that has ended closes as soon as it opens: waited for.
  while (holder?.abandoned) await holder.released;
  if (openFreshDatabases > 0) {
    // On a server a second fresh database drops the schema the first one is still using: the result
    // depends on timing (a deadlock, or a missing table under the first suite's service). Embedded, both
    // would be the one PGlite session. Refused on both targets so that the embedded run finds such a test too.
    throw new Error(
      'freshDatabase: another fresh database is still open; stop the first service or close it first',
    );
  }
  openFreshDatabases += 1;
  let released = false;
  let onReleased = () => {};
  const slot: Slot = {
    suite: currentSuite,
    db: null,
    abandoned: false,
    released: new Promise<void>((resolve) => {
      onReleased = resolve;
    }),
    release() {
      if (!released) {
        released = true;
        openFreshDatabases -= 1;
        if (holder === slot) holder = null;
        onReleased();
      }
    },
    async hold(db) {
      const held: Database = {
        ...db,
        async close() {
          try {
            await db.close();
          } finally {
            slot.release();
          }
        },
      };
      if (slot.abandoned) {
        await held.close();
        throw new Error(`the suite "${slot.suite}" ended before its database was open`);
      }
      slot.db = held;
      return held;
    },
  };
  holder = slot;
  return slot;
}

/**
 * A fresh, empty database for one suite. On a server the public schema is dropped and recreated; embedded,
 * the process's one PGlite is reset the same way (every schema dropped, the session's state discarded), so
 * suites run one after another (mocha runs files serially).
 */
export async function freshDatabase(opts: { poolMax?: number } = {}): Promise<Database> {
  const slot = await claimSlot();
  let db: Database;
  try {
    if (process.env.DATABASE_URL) {
      db = await openDatabase(loadConfig(), testLogger, opts);
      try {
        await db.knex.raw('drop schema if exists public cascade');
        await db.knex.raw('create schema public');
      } catch (err) {
        await db.close();
        throw err;
      }
    } else {
      db = await openEmbeddedSession(await resetPGlite(), opts);
    }
  } catch (err) {
    slot.release();
    throw err;
  }
  return slot.hold(db);
}

/**
 * A database holding exactly what `recipe.build` leaves on an empty one, copied from a template built once
 * (per run, and kept between runs while the sources and the recipe's key are unchanged): on a server a
 * `CREATE DATABASE … TEMPLATE` of `<db>_tpl_<hash>`, embedded a PGlite reopened from its saved data directory.
 * Like freshDatabase, one at a time.
 */
export async function databaseFromTemplate(
  recipe: TemplateRecipe<Database>,
  opts: { poolMax?: number } = {},
): Promise<Database> {
  const slot = await claimSlot();
  let db: Database;
  try {
    if (process.env.DATABASE_URL) {
      db = await cloneServerTemplate(process.env.DATABASE_URL, recipe, opts);
    } else {
      db = await openEmbeddedSession(await replacePGlite(await embeddedTemplate(recipe)), opts);
    }
  } catch (err) {
    slot.release();
    throw err;
  }
  return slot.hold(db);
}

/** A database the given migrations were run on, and nothing else (what a service migrates at its start). */
export function migratedDatabase(
  migrations: readonly Migration[],
  opts: { poolMax?: number } = {},
): Promise<Database> {
  return databaseFromTemplate(migratedRecipe(migrations), opts);
}

/** The template of migratedDatabase. */
export function migratedRecipe(migrations: readonly Migration[]): TemplateRecipe<Database> {
  return {
    key: ['migrated', ...migrations.map((m) => m.name)],
    build: async (db) => {
      await runMigrations(db.knex, migrations, { exclusive: db.kind === 'postgres' });
    },
  };
}

/**
 * Builds the template now if it is not built yet, without opening a copy: the run's global setup does so for
 * the templates most suites use, so that no suite's `before` hook spends its time building one.
 */
export async function prepareTemplate(recipe: TemplateRecipe<Database>): Promise<void> {
  if (process.env.DATABASE_URL) {
    await serverTemplate(process.env.DATABASE_URL, recipe);
    return;
  }
  const slot = await claimSlot();
  try {
    await embeddedTemplate(recipe);
  } finally {
    slot.release();
  }
}

/**
 * Readies the database `registres` child processes started with `env` will open, holding what the template
 * holds: on a server, a copy of the template named in `env.DATABASE_URL`; embedded, a copy of its data
 * directory where `env.DATA_DIR` keeps the embedded database. Children then start on a migrated (and, with the
 * demo template, seeded) database instead of each suite paying for initdb, migrations and seeding in them.
 * The server copy is dropped by the next suite's copy, like databaseFromTemplate's.
 */
export async function childrenStartOnTemplate(
  recipe: TemplateRecipe<Database>,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = await copyServerTemplate(process.env.DATABASE_URL, recipe);
    return;
  }
  delete env.DATABASE_URL;
  if (!env.DATA_DIR) throw new Error('childrenStartOnTemplate: env.DATA_DIR names no data directory');
  await prepareTemplate(recipe);
  const copy = path.join(env.DATA_DIR, 'pglite');
  await copyDirectory(await embeddedTemplate(recipe), copy);
  // The suites' own buffer pool (openTestPGlite) for the children too: the process that opens this copy
  // (`registres serve`, `keys create`, an ingest) zeroes the pool at every open, about 0.4 s of CPU more for
  // PostgreSQL's 128MB than for 16MB, and a suite's data is a few MB. PostgreSQL reads the setting from
  // the data directory, as it would one set by ALTER SYSTEM.
  await fs.appendFile(path.join(copy, 'postgresql.auto.conf'), `shared_buffers = '${TEST_SHARED_BUFFERS}'\n`);
}

// ---------------------------------------------------------------------------------------------------------
// Embedded: one PGlite per process.

/**
 * The suites' PGlite: a 16MB buffer pool instead of 128MB. PGlite zeroes its pool at every open (0.6 s of CPU
 * for 128MB, a fifth of that for 16MB) and a suite opens one per template copy; the demo fits in 64MB of files
 * that PGlite reads from memory anyway.
 */
function openTestPGlite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  return openPGlite(dataDir, { sharedBuffers: TEST_SHARED_BUFFERS, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** The buffer pool of every embedded database the tests open, in this process or in a child (see above). */
const TEST_SHARED_BUFFERS = '16MB';

const execFileAsync = promisify(execFile);

/**
 * A copy of a data directory (about 1,500 files): `cp -R` where there is one, 20 ms of CPU where Node's
 * fs.cp spends 0.6 to 1.2 s on its per-file checks; fs.cp elsewhere.
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  // `cp -R a b` copies into b/a when b exists: only a new directory is copied by cp.
  if (!existsSync(to)) {
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await execFileAsync('cp', ['-R', from, to]);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  await fs.cp(from, to, { recursive: true });
}

let shared: Promise<PGlite> | null = null;

/** The process's PGlite, emptied: what a new one in memory holds, for the next suite. */
async function resetPGlite(): Promise<PGlite> {
  shared ??= openEmptyPGlite();
  const pglite = await shared;
  await settle(pglite);
  await pglite.exec('discard all');
  const { rows } = await pglite.query<{ nspname: string }>(
    `select nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema')
        and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp\\_%'`,
  );
  await pglite.exec(
    `${rows.map((r) => `drop schema ${quoteIdent(r.nspname)} cascade;`).join('\n')}\ncreate schema public;`,
  );
  return pglite;
}

/**
 * A new PGlite, on a copy of the data directory a new one has (saved by an earlier run of this checkout, or
 * made now: initdb costs 5 to 10 s of CPU, the copy 20 ms).
 */
async function openEmptyPGlite(): Promise<PGlite> {
  const copy = path.join(WORK_DIR, `fresh-${++copies}`);
  await copyDirectory(await emptyTemplate(), copy);
  return openTestPGlite(copy);
}

/**
 * Waits for what the last suite's socket server left running: the query in progress, and the rollback of
 * an open transaction (the server rolls back a disconnected client's work, without waiting).
 */
async function settle(pglite: PGlite): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await pglite.runExclusive(async () => {});
  if (pglite.isInTransaction()) await pglite.exec('rollback');
}

/**
 * Where this process keeps the copies it opens and the templates it builds, on a memory file system when
 * there is one: a copy is a native copy of files, and PGlite opens it reading pages as it needs them. Removed
 * when the process exits.
 */
const WORK_ROOT = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const WORK_DIR = path.join(
  WORK_ROOT,
  `registres-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
);
process.once('exit', () => rmSync(WORK_DIR, { recursive: true, force: true }));
removeWorkDirsOfDeadProcesses();

/**
 * A run killed without exiting (SIGKILL, a CI timeout) leaves its directories behind, and on /dev/shm they hold
 * memory: those of processes no longer alive are removed when the next run starts.
 */
function removeWorkDirsOfDeadProcesses(): void {
  for (const entry of readdirSync(WORK_ROOT)) {
    const pid = /^registres-test-(\d+)-[0-9a-f]+$/.exec(entry)?.[1];
    if (pid && Number(pid) !== process.pid && !processAlive(Number(pid))) {
      rmSync(path.join(WORK_ROOT, entry), { recursive: true, force: true });
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
let copies = 0;
let copyInUse: string | null = null;

/** The process's PGlite replaced by one opened on a new copy of a template's data directory. */
async function replacePGlite(templateDir: string): Promise<PGlite> {
  const previous = shared;
  shared = null;
  if (previous) {
    const old = await previous.catch(() => null);
    if (old) {
      await settle(old).catch(() => {});
      await old.close().catch(() => {});
    }
  }
  if (copyInUse) await fs.rm(copyInUse, { recursive: true, force: true });
  const copy = path.join(WORK_DIR, `copy-${++copies}`);
  copyInUse = copy;
  shared = copyDirectory(templateDir, copy).then(() => openTestPGlite(copy));
  return shared;
}

/** Template data directories by recipe id, for this process. */
const embeddedTemplates = new Map<string, Promise<string>>();
let staleTemplatesRemoved = false;

/** A recipe's identity: its key and its base's, with the sources (recipeHash). */
function recipeId(recipe: TemplateRecipe<Database>): string {
  const keys: string[] = [];
  for (let r: TemplateRecipe<Database> | undefined = recipe; r; r = r.base) keys.push(...r.key, '|');
  return recipeHash(keys);
}

/**
 * The template's data directory, saved between runs of this checkout (never opened: suites open copies of
 * it), built first if need be.
 */
function embeddedTemplate(recipe: TemplateRecipe<Database>): Promise<string> {
  const id = recipeId(recipe);
  let saved = embeddedTemplates.get(id);
  if (!saved) {
    saved = savedOrBuilt(id.slice(0, 16), async (building) => {
      // On a copy of its base, or of a new database.
      await copyDirectory(
        recipe.base ? await embeddedTemplate(recipe.base) : await emptyTemplate(),
        building,
      );
      const pglite = await openTestPGlite(building);
      try {
        const db = await openEmbeddedSession(pglite);
        try {
          await recipe.build(db);
        } finally {
          await db.close();
        }
        await settle(pglite);
      } finally {
        await pglite.close();
      }
    });
    embeddedTemplates.set(id, saved);
    saved.catch(() => embeddedTemplates.delete(id));
  }
  return saved;
}

/** The data directory of a new PGlite (initdb's), saved like a template. */
function emptyTemplate(): Promise<string> {
  let saved = embeddedTemplates.get('empty');
  if (!saved) {
    saved = savedOrBuilt('empty', async (building) => {
      const pglite = await openTestPGlite(building);
      await pglite.close();
    });
    embeddedTemplates.set('empty', saved);
    saved.catch(() => embeddedTemplates.delete('empty'));
  }
  return saved;
}

/**
 * The saved data directory `name` of these sources, or one `build` makes in a new directory, then saved: copied
 * beside its place and renamed, so that a run that stops half-way, or another process of this checkout, never
 * reads half a directory. PGlite closes cleanly (a shutdown checkpoint): a copy opens without replaying the log.
 */
async function savedOrBuilt(name: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = await templateDir(name);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = path.join(WORK_DIR, `building-${name}`);
  await buildOnce(async () => {
    await fs.rm(building, { recursive: true, force: true });
    await fs.mkdir(WORK_DIR, { recursive: true });
    await build(building);
  });
  const partial = `${dir}.${process.pid}.partial`;
  await fs.rm(partial, { recursive: true, force: true });
  await copyDirectory(building, partial);
  await fs.rm(building, { recursive: true, force: true });
  try {
    await fs.rename(partial, dir);
  } catch (err) {
    // Another process of this checkout saved it first: the same content.
    await fs.rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw err;
  }
  return dir;
}

/**
 * A template's build, tried again once from the start when it fails: on a loaded machine one of its pool's
 * connections can wait past knex's acquire timeout (5 s) behind a long seeding transaction.
 */
async function buildOnce<T>(build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (err) {
    testLogger.warn({ err: (err as Error).message }, 'template build failed; building it again');
    return build();
  }
}

/** Where a saved data directory of these sources is kept; the first call removes those of other sources. */
async function templateDir(name: string): Promise<string> {
  const prefix = templateSourceHash().slice(0, 12);
  await fs.mkdir(EMBEDDED_TEMPLATE_DIR, { recursive: true });
  if (!staleTemplatesRemoved) {
    staleTemplatesRemoved = true;
    // Templates of other sources will not be read again: another version of the code built them.
    for (const entry of await fs.readdir(EMBEDDED_TEMPLATE_DIR)) {
      if (!entry.startsWith(`${prefix}-`)) {
        await fs.rm(path.join(EMBEDDED_TEMPLATE_DIR, entry), { recursive: true, force: true });
      }
    }
  }
  return path.join(EMBEDDED_TEMPLATE_DIR, `${prefix}-${name}`);
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: templates are databases named after DATABASE_URL's.

/** DATABASE_URL with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database: the test templates are named after it');
  return name;
}

/** Templates already checked or built in this process, by name. */
const serverTemplates = new Map<string, Promise<void>>();
let staleServerTemplatesRemoved = false;
/** How many copies this process made (each copy's name is new). */
let clonesMade = 0;

async function cloneServerTemplate(
  baseUrl: string,
  recipe: TemplateRecipe<Database>,
  opts: { poolMax?: number },
): Promise<Database> {
  return openDatabase(
    { ...loadConfig(), databaseUrl: await copyServerTemplate(baseUrl, recipe), databaseReadUrl: null },
    testLogger,
    opts,
  );
}

/** A new copy of the recipe's template on the server of `baseUrl` (copies made before dropped): its URL. */
async function copyServerTemplate(baseUrl: string, recipe: TemplateRecipe<Database>): Promise<string> {
  const base = databaseName(baseUrl);
  const template = await serverTemplate(baseUrl, recipe);
  // A new name for every copy: a service a previous suite left running (a late append, a pool that reconnects)
  // can never write into the next suite's copy, as it could into a copy of the same name.
  const clone = `${base}_clone_${++clonesMade}`;
  await withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${base}_clone`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
    await admin.query(`create database ${quoteIdent(clone)} template ${quoteIdent(template)}`);
  });
  return withDatabase(baseUrl, clone);
}

/** The name of the recipe's template on the server of `baseUrl`, built first if need be. */
async function serverTemplate(baseUrl: string, recipe: TemplateRecipe<Database>): Promise<string> {
  // A parallel worker's own database is named after the run's: the templates are the run's (workerDatabase.ts).
  const base = process.env.TEST_TEMPLATES_DATABASE ?? databaseName(baseUrl);
  const template = `${base}_tpl_${templateSourceHash().slice(0, 8)}_${recipeId(recipe).slice(0, 12)}`;
  let ready = serverTemplates.get(template);
  if (!ready) {
    ready = (async () => {
      // Built first, outside this template's lock: its base.
      const from = recipe.base ? await serverTemplate(baseUrl, recipe.base) : null;
      await ensureServerTemplate(baseUrl, base, template, recipe, from);
    })();
    serverTemplates.set(template, ready);
    ready.catch(() => serverTemplates.delete(template));
  }
  await ready;
  return template;
}

async function withAdmin<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

async function ensureServerTemplate(
  baseUrl: string,
  base: string,
  template: string,
  recipe: TemplateRecipe<Database>,
  /** The template the build starts from (a copy of it), or none: an empty database. */
  from: string | null,
): Promise<void> {
  // Advisory locks are held per database: every worker and run takes the template's lock in the run's own
  // database (the templates' base), never in its worker database, or two workers build the same template.
  await withAdmin(withDatabase(baseUrl, base), async (admin) => {
    // Two processes of one checkout (two workers, or two mocha runs on one DATABASE_URL) build a template one
    // at a time.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (!staleServerTemplatesRemoved) {
        staleServerTemplatesRemoved = true;
        // This database's templates of other sources (another version of the code) are not read again.
        const prefix = template.slice(0, template.lastIndexOf('_'));
        const { rows } = await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, $1) and not starts_with(datname, $2)`,
          [`${base}_tpl_`, prefix],
        );
        for (const { datname } of rows) {
          await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
        }
      }
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (rowCount) return;
      const building = `${template}_new`;
      await buildOnce(async () => {
        await admin.query(`drop database if exists ${quoteIdent(building)} with (force)`);
        await admin.query(
          `create database ${quoteIdent(building)}${from ? ` template ${quoteIdent(from)}` : ''}`,
        );
        const db = await openDatabase(
          { ...loadConfig(), databaseUrl: withDatabase(baseUrl, building), databaseReadUrl: null },
          testLogger,
        );
        try {
          await recipe.build(db);
        } finally {
          await db.close();
        }
      });
      // A connection the build left (a pool closing late) would refuse the rename.
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [building],
      );
      await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(template)}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

/** Where freshDatabaseWithExtensionsOutsidePath installs the extensions: a schema no session has in its search_path. */
export const OUTSIDE_SCHEMA = 'test_extensions_hors_chemin';

/**
 * A fresh database (freshDatabase) where pg_trgm and unaccent are installed, before any migration, in a
 * schema of their own that is not in the search_path, as managed providers do (an `extensions` schema): the
 * migrations find them there. On a server, extensions belong to the whole database: any left there (by a run
 * that stopped half-way) is dropped first, and closing drops the schema and them, so that the suites after
 * this one find the usual setup again.
 */
export async function freshDatabaseWithExtensionsOutsidePath(): Promise<Database> {
  const db = await freshDatabase();
  await db.knex.raw(`drop schema if exists ${OUTSIDE_SCHEMA} cascade`);
  await db.knex.raw('drop extension if exists pg_trgm, unaccent cascade');
  await db.knex.raw(`create schema ${OUTSIDE_SCHEMA}`);
  await db.knex.raw(`create extension pg_trgm schema ${OUTSIDE_SCHEMA}`);
  await db.knex.raw(`create extension unaccent schema ${OUTSIDE_SCHEMA}`);
  return {
    ...db,
    async close() {
      await db.knex.raw(`drop schema if exists ${OUTSIDE_SCHEMA} cascade`);
      await db.close();
    },
  };
}
