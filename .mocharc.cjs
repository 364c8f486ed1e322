// Mocha's configuration. A run of several files (`npm test`, a glob, a folder) is spread over parallel worker
// processes, one per core and at least two: each has its own embedded database in its memory, or on a
// PostgreSQL server its own database (test/support/workerDatabase.ts). A run of one named file stays in one
// process, where its output is not buffered. `--jobs N` or `--no-parallel` decide otherwise.
const os = require('node:os');

const specs = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && /\.ts$|\*/.test(arg));
const oneFile = specs.length === 1 && !specs[0].includes('*');

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
  parallel: !oneFile,
  jobs: Math.min(4, Math.max(2, os.availableParallelism())),
};
