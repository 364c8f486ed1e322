import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECTIONS } from '../../../app/readSide.ts';
import { schemaMigrations } from '../../../app/server/migrateAll.ts';
import { childrenStartOnTemplate, migratedRecipe, targetDescription } from '../../support/database.ts';
import {
  bundledRegistresArgv,
  REGISTRES_BIN,
  REGISTRES_NODE_OPTIONS,
  registresArgv,
} from '../../support/serveProcess.ts';

const PACKAGE = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Where the children's database is: a migrated copy (a template built once per run) in a data directory of
 * this suite, or on the server of DATABASE_URL, instead of a new embedded database for each command (its initdb
 * and migrations: 5 to 10 s of CPU per child).
 */
let database: NodeJS.ProcessEnv = {};
let dataDir = '';
/** `node`'s arguments before the command's own: the command line's test bundle (bundledRegistresArgv). */
let commandLine: string[] = [];

/** `registres …` in a child process, on the suite's database. */
function registres(args: string[], env: NodeJS.ProcessEnv = {}) {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  const argv = args[0] === 'bench' ? registresArgv(args) : [...commandLine, ...args];
  const r = spawnSync(process.execPath, argv, {
    env: { ...base, ...database, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe(`The command line (registres, a child process; ${targetDescription})`, function () {
  this.timeout(180_000);
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registres-cli-'));
    database = { DATA_DIR: dataDir };
    commandLine = await bundledRegistresArgv([]);
    await childrenStartOnTemplate(migratedRecipe(schemaMigrations(PROJECTIONS)), database);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('--version prints the package version', () => {
    const r = registres(['--version']);
    expect(r.status).to.equal(0);
    expect(r.out.trim()).to.equal(PACKAGE.version);
  });

  it('a command’s own --version option is the command’s, not the program’s', () => {
    const r = registres(['ingest', 'fr-bodacc', 'absent.json', '--version', '2026-01-01']);
    expect(r.out.trim()).not.to.equal(PACKAGE.version);
    expect(r.status).not.to.equal(0);
  });

  it('--help lists every command', () => {
    const r = registres(['--help']);
    expect(r.status).to.equal(0);
    for (const c of ['serve', 'migrate', 'project', 'rebuild', 'ingest', 'keys', 'audit', 'bench']) {
      expect(r.out).to.match(new RegExp(`\\n\\s+${c}\\b`));
    }
  });

  it('keys --help lists its subcommands, and keys create --help its option', () => {
    const keys = registres(['keys', '--help']);
    expect(keys.status).to.equal(0);
    for (const c of ['create', 'credit', 'show']) expect(keys.out).to.match(new RegExp(`\\n\\s+${c}\\b`));
    const create = registres(['keys', 'create', '--help']);
    expect(create.out).to.contain('--credits <N>');
  });

  it('keys create prints a curl line ready to paste: the new key and the public address (BASE_URL)', () => {
    const r = registres(['keys', 'create', '--credits', '1'], { BASE_URL: 'https://api.registres.example' });
    expect(r.status).to.equal(0);
    const key = /key:\s+(rk_\S+)/.exec(r.out)?.[1];
    expect(key).to.be.a('string');
    expect(r.out).to.contain(
      `curl -i -H 'X-Api-Key: ${key}' https://api.registres.example/v1/entreprise/005420021\n`,
    );
    expect(r.out).not.to.contain('<key>');
  });

  it('keys create without BASE_URL prints the address the server listens on (HOST and PORT)', () => {
    const bound = registres(['keys', 'create'], { HOST: '127.0.0.9', PORT: '4123' });
    expect(bound.out).to.match(
      /curl -i -H 'X-Api-Key: rk_\S+' http:\/\/127\.0\.0\.9:4123\/v1\/entreprise\/005420021\n/,
    );
    const everywhere = registres(['keys', 'create'], { HOST: '0.0.0.0', PORT: '4124' });
    expect(everywhere.out).to.match(/ http:\/\/localhost:4124\/v1\/entreprise\/005420021\n/);
  });

  it('a malformed option value is refused with exit code 2', () => {
    const r = registres(['keys', 'create', '--credits', 'beaucoup']);
    expect(r.status).to.equal(2);
    expect(r.out).to.contain('not a credit amount');
  });

  it('logs are JSON lines when stdout is not a terminal', () => {
    const r = registres(['keys', 'create'], { LOG_LEVEL: 'info' });
    expect(r.out).to.match(/^\{"level":30,.*"msg":"account opened"\}$/m);
  });

  it('logs are readable lines on a terminal (a pseudo-terminal, by script)', function () {
    if (spawnSync('script', ['--version']).status !== 0) this.skip();
    const env: NodeJS.ProcessEnv = { ...process.env, ...database, LOG_LEVEL: 'info' };
    if (!database.DATABASE_URL) delete env.DATABASE_URL;
    const r = spawnSync(
      'script',
      [
        '-qec',
        `"${process.execPath}" ${REGISTRES_NODE_OPTIONS.join(' ')} "${REGISTRES_BIN}" keys create`,
        '/dev/null',
      ],
      {
        env,
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(r.stdout).to.match(/INFO.*account opened/);
    expect(r.stdout).not.to.contain('{"level"');
  });

  it('each register’s ingest command lists its own options, and commander refuses a missing one', () => {
    const help = registres(['ingest', 'fr-sirene', '--help']);
    expect(help.status).to.equal(0);
    for (const o of ['--unites-legales <file>', '--etablissements <file>', '--version', '--batch-size <N>']) {
      expect(help.out).to.contain(o);
    }
    const missing = registres(['ingest', 'no-brreg']);
    expect(missing.status).to.equal(2);
    expect(missing.out).to.contain("required option '--enheter <file>' not specified");
  });

  it('an ingest whose file cannot be read says so in one line, exit code 1, no stack trace', () => {
    const r = registres(['ingest', 'fr-bodacc', 'absent.json']);
    expect(r.status).to.equal(1);
    expect(r.out).to.contain('fr-bodacc: ENOENT');
    expect(r.out).not.to.contain('    at ');
  });

  it('bench <name> --help is the benchmark’s own help, bench --help the list of benchmarks', () => {
    const own = registres(['bench', 'recherche-qualite', '--help']);
    expect(own.status).to.equal(0);
    expect(own.out).to.contain('--seed N');
    const list = registres(['bench', '--help']);
    expect(list.status).to.equal(0);
    expect(list.out).to.contain('cli-start');
  });

  it('register keys are the folder names; the former dotted codes are still understood', () => {
    const r = registres(['ingest', 'nulle-part']);
    expect(r.status).to.equal(2);
    expect(r.out).to.contain('fr-bodacc');
    expect(r.out).to.contain('lv-ur');
    expect(r.out).not.to.match(/fr\.bodacc|lv\.ur/);
    const former = registres(['ingest', 'fr.bodacc']);
    expect(former.out).to.contain('"fr.bodacc" is written "fr-bodacc" now');
    const renamed = registres(['ingest', 'fr-comptes']);
    expect(renamed.out).to.contain('"fr-comptes" is written "fr-ratios-inpi-bce" now');
  });
});
