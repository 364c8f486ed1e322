// Mocha's configuration. A run of several files (`npm test`, a glob, a folder) is spread over parallel worker
// processes, one per core and at least two: each has its own embedded database in its memory, or on a
// PostgreSQL server its own database (test/support/workerDatabase.ts). A run of one named file stays in one
// process, where its output is not buffered. `--jobs N` or `--no-parallel` decide otherwise.
const os = require('node:os');

const specs = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && /\.ts$|\*/.test(arg));
const oneFile = specs.length === 1 && !specs[0].includes('*');

/**
 * Files that open no database: what they test is the same on either target. The whole suite on a server
 * (`DATABASE_URL=… npm test`, CI's second pass) leaves them to the embedded pass instead of running them twice.
 * Named one by one (a file added here must touch no database: no service, no knex, no template).
 */
const DATABASE_FREE = [
  'test/**/*.unit.test.ts',
  'test/app/cli/atomicBuild.e2e.test.ts',
  'test/ingest/cy-drcor/readCyDrcorFiles.int.test.ts',
  'test/ingest/eu-cordis/readEuCordisFiles.int.test.ts',
  'test/ingest/fr-rna/readRnaCsv.int.test.ts',
  'test/ingest/fr-sirene/readSireneRows.int.test.ts',
  'test/ingest/gleif/readGleifFile.int.test.ts',
  'test/ingest/ie-cro/readIeCroFile.int.test.ts',
  'test/ops/signing/loadOrCreateSigner.int.test.ts',
];
const wholeSuiteOnServer =
  Boolean(process.env.DATABASE_URL) && specs.length === 1 && specs[0] === 'test/**/*.test.ts';

module.exports = {
  'node-option': ['import=tsx'],
  require: [
    'test/support/workerDatabase.ts',
    'test/support/topSuites.ts',
    'test/support/responseSchemaHooks.ts',
    'test/support/templatesSetup.ts',
  ],
  timeout: 60000,
  exit: true,
  ...(wholeSuiteOnServer ? { ignore: DATABASE_FREE } : {}),
  parallel: !oneFile,
  jobs: Math.min(4, Math.max(2, os.availableParallelism())),
};
