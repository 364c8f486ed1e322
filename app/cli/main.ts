import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import type { Knex } from 'knex';
import type { IngestCommandSpec } from '../../ingest/core/ingestCommandSpec.ts';
import type { CliCommand, CliContext } from '../../ops/commandContext.ts';
import { type Config, loadConfig } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { createLogger, type Logger } from '../../ops/logger.ts';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import { SERVICE_ROLES, type ServiceRole } from '../server/serviceRole.ts';
import { ingestCommandOf } from './ingestCommand.ts';

// Every command's code (the database, the projections, the server) is imported when the command runs, never
// at start: `registres --help` and `--version` load commander and the command declarations only, and the
// register manifests are loaded only by `ingest` and `record`, whose subcommands they declare. The `keys`
// commands load no register either: they migrate and read the event log and the accounts read model only.

type IngestTables = {
  INGESTERS: Record<string, IngestCommandSpec>;
  RECORDERS: Record<string, IngestCommandSpec>;
};

/** The register manifests' ingest and record commands, when `argv` runs one of them; otherwise none. */
async function ingestTablesFor(argv: readonly string[]): Promise<IngestTables> {
  const command = argv.find((a) => !a.startsWith('-'));
  if (command !== 'ingest' && command !== 'record') return { INGESTERS: {}, RECORDERS: {} };
  return import('../registers.ts');
}

function createContext(): CliContext {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
  return {
    config,
    logger,
    out: (line) => process.stdout.write(`${line}\n`),
    async withDatabase(fn, scope = {}) {
      return withMigratedDatabase(
        config,
        logger,
        scope.schema === 'accounts' ? migrateAccounts : migrateWhole,
        fn,
      );
    },
  };
}

async function migrateWhole(knex: Knex): Promise<void> {
  const [{ migrateAll }, { PROJECTIONS }] = await Promise.all([
    import('../server/migrateAll.ts'),
    import('../readSide.ts'),
  ]);
  await migrateAll(knex, PROJECTIONS);
}

async function migrateAccounts(knex: Knex): Promise<void> {
  await (await import('../server/migrateAccounts.ts')).migrateAccounts(knex);
}

/** How long a command waits for a database still busy (a server starting on it: migrating, seeding). */
const DATABASE_WAIT_MS = 120_000;

/**
 * Migrates, waiting while the database does not answer in time: a command run beside a server that is still
 * starting (the embedded database is one session, busy with its migrations) waits for it, saying so once.
 */
async function migrateOnceReachable(
  db: Database,
  migrate: (knex: Knex) => Promise<void>,
  logger: Logger,
): Promise<void> {
  const { isDatabaseOutage } = await import('../../api/errors/databaseOutage.ts');
  const until = Date.now() + DATABASE_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(db.knex);
    } catch (err) {
      if (!isDatabaseOutage(err) || Date.now() > until) throw err;
      if (attempt === 1)
        logger.warn({ database: db.displayUrl }, 'database busy (a server starting on it?): waiting for it');
    }
  }
}

/** Opens the database (a running embedded server's socket when there is one), migrates it, runs `fn`, closes. */
async function withMigratedDatabase<T>(
  config: Config,
  logger: Logger,
  migrate: (knex: Knex) => Promise<void>,
  fn: (db: Database, store: EventStore) => Promise<T>,
): Promise<T> {
  const [{ openDatabase }, { createPostgresEventStore }] = await Promise.all([
    import('../../ops/database/openDatabase.ts'),
    import('../../ops/eventstore/postgres/index.ts'),
  ]);
  const db = await openDatabase(config, logger);
  try {
    await migrateOnceReachable(db, migrate, logger);
    return await fn(db, createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger }));
  } finally {
    await db.close();
  }
}

/** Register keys of the command line that name a register otherwise than by its folder (accepted, with a note). */
const FORMER_REGISTER_KEYS: Readonly<Record<string, string>> = { 'fr-comptes': 'fr-ratios-inpi-bce' };

/**
 * One spelling: the register's folder name (`fr-bodacc`, `lv-ur`). The register code with dots
 * (`fr.bodacc`, `no.brreg.oppdateringer`), written before, is still understood, with a note.
 */
function currentRegisterKey(register: string, INGESTERS: IngestTables['INGESTERS']): string | undefined {
  if (register in INGESTERS) return register;
  const former = FORMER_REGISTER_KEYS[register];
  if (former) return former;
  return Object.keys(INGESTERS).find((k) => k === register.replaceAll('.', '-'));
}

/** `argv` with a former register key of `ingest` replaced by its folder name (and a note on stderr). */
function withCurrentRegisterKey(argv: string[], INGESTERS: IngestTables['INGESTERS']): string[] {
  const at = argv.indexOf('ingest');
  const register = at >= 0 ? argv[at + 1] : undefined;
  if (register === undefined || register.startsWith('-') || register in INGESTERS) return argv;
  const key = currentRegisterKey(register, INGESTERS);
  if (!key) return argv;
  process.stderr.write(`note: "${register}" is written "${key}" now (the register's folder name)\n`);
  return [...argv.slice(0, at + 1), key, ...argv.slice(at + 2)];
}

/** Sets the exit code a command returned. */
type SetCode = (code: number) => void;
/** An action that loads a command when it runs and keeps its exit code. */
type Run = (load: () => Promise<CliCommand>) => (...args: unknown[]) => Promise<void>;

/** `registres <command>`: returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const { INGESTERS, RECORDERS } = await ingestTablesFor(argv);
  let code = 0;
  const setCode: SetCode = (c) => {
    code = c;
  };
  const run: Run =
    (load) =>
    async (...args) => {
      const cmd = args[args.length - 1] as Command;
      code = await (await load())(cmd.args, createContext());
    };
  const program = new Command('registres')
    .description('Registres API: serve, migrate, project, rebuild, ingest, record, keys, score, audit, bench')
    .version(packageVersion(), '-V, --version', 'print the version')
    // Program options only before the command: `ingest … --version 2026-11-15` is the ingest's own option.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError();
  declareServiceCommands(program, run, setCode);
  declareRegisterCommands(program, { INGESTERS, RECORDERS }, setCode);
  declareKeysCommands(program, setCode);
  declareScoreCommands(program, setCode);
  declareToolCommands(program, run);

  try {
    await program.parseAsync(withCurrentRegisterKey(argv, INGESTERS), { from: 'user' });
  } catch (err) {
    // A usage error (unknown command or option, missing argument) is exit code 2, as the commands' own.
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    throw err;
  }
  return code;
}

/** `serve`, `migrate`, `project`, `rebuild`: the service and its database. */
function declareServiceCommands(program: Command, run: Run, setCode: SetCode): void {
  program
    .command('serve')
    .description('Serve the API (embedded database unless DATABASE_URL is set)')
    .addOption(
      new Option(
        '--role <role>',
        "api: answer HTTP, never project; projector: project, answer nothing; all: both; notifier: deliver the watches' webhooks (several processes on one database: README)",
      )
        .choices(SERVICE_ROLES)
        .default('all'),
    )
    .addOption(
      new Option(
        '--bus <bus>',
        'where a projector reads the log: postgres (the subscription) or kafka (the topic the relay writes)',
      )
        .choices(['postgres', 'kafka'])
        .default('postgres'),
    )
    .action(async (options: { role: ServiceRole; bus: string }) => {
      if (options.bus === 'kafka') {
        if (options.role !== 'projector') {
          process.stderr.write('--bus kafka: only with --role projector\n');
          setCode(2);
          return;
        }
        const { serveBusProjector } = await import('../server/busProjectorRole.ts');
        setCode(await serveBusProjector(createContext()));
        return;
      }
      const { serveCommand } = await import('./commands/serve.ts');
      setCode(await serveCommand([], createContext(), { role: options.role }));
    });
  program
    .command('relay')
    .description('Publish the event log to a message bus in log order, resuming after a crash (issue 50)')
    .addOption(new Option('--bus <bus>', 'the bus').choices(['kafka']).default('kafka'))
    .option('--batch-size <N>', 'events read from the log at once (default 5000)')
    .option('--send-size <N>', 'records per produce request (default 2000)')
    .action(async (options: { bus: string; batchSize?: string; sendSize?: string }) => {
      const { relayCommand } = await import('./commands/relay.ts');
      setCode(await relayCommand(options, createContext()));
    });
  program
    .command('migrate')
    .description('Apply database migrations')
    .action(
      run(
        async () => (_argv, ctx) =>
          ctx.withDatabase(async (db) => {
            ctx.out(`Database: ${db.displayUrl} (${db.kind}); schema up to date`);
            return 0;
          }),
      ),
    );
  program
    .command('project')
    .argument('[name]', 'projection name')
    .description('Apply the event log to the read tables up to its head')
    .action(run(async () => (await import('./commands/projections.ts')).projectCommand));
  program
    .command('rebuild')
    .argument('<name>', 'projection name')
    .description('Truncate a projection and replay the log; prints table checksums')
    .action(run(async () => (await import('./commands/projections.ts')).rebuildCommand));
}

/** `ingest <register>` and `record <register>`: a subcommand per register, from its manifest. */
function declareRegisterCommands(program: Command, tables: IngestTables, setCode: SetCode): void {
  const ingest = program
    .command('ingest')
    .description('Ingest the upstream files of a register into the event log')
    .showHelpAfterError();
  for (const [name, spec] of Object.entries(tables.INGESTERS)) {
    ingest.addCommand(ingestCommandOf(name, spec, createContext, setCode).copyInheritedSettings(ingest));
  }
  const record = program
    .command('record')
    .description("Record a register's upstream answers (network) into the files its ingest reads")
    .showHelpAfterError();
  for (const [name, spec] of Object.entries(tables.RECORDERS)) {
    record.addCommand(
      ingestCommandOf(name, spec, createContext, setCode, 'record').copyInheritedSettings(record),
    );
  }
}

/** `keys create|credit|show`: API keys and prepaid credits. */
function declareKeysCommands(program: Command, setCode: SetCode): void {
  const keys = program
    .command('keys')
    .description('API keys and prepaid credits: create an account and its key, add credits, show a balance');
  keys
    .command('create')
    .description('Open an account and print its key (shown once, stored hashed)')
    .option('--credits <N>', 'credits to start with (1 credit = 1 EUR, e.g. 5 or 2.5)')
    .action(async (opts: { credits?: string }) => {
      const { createAccountKey } = await import('./commands/keys.ts');
      setCode(await createAccountKey(opts, createContext()));
    });
  keys
    .command('credit')
    .description('Add credits to an account, valid 12 months')
    .argument('<account>', 'account id (printed by keys create)')
    .argument('<N>', 'credits to add (1 credit = 1 EUR)')
    .action(async (account: string, amount: string) => {
      const { creditAccount } = await import('./commands/keys.ts');
      setCode(await creditAccount(account, amount, createContext()));
    });
  keys
    .command('show')
    .description('Balance by lot (closest expiry first) and free calls used this month')
    .argument('<account>', 'account id')
    .action(async (account: string) => {
      const { showAccount } = await import('./commands/keys.ts');
      setCode(await showAccount(account, createContext()));
    });
}

/** `score train|evaluate`: the French risk score's model (docs/score.md). */
function declareScoreCommands(program: Command, setCode: SetCode): void {
  const score = program
    .command('score')
    .description('The risk score: train its model on the read models, evaluate it on its test window');
  score
    .command('train')
    .description('Train the model and write <DATA_DIR>/score/model.json (atomically)')
    .requiredOption(
      '--train-date <YYYY-MM-DD>',
      'cut-off of the training window (labels: the 12 months after)',
    )
    .option('--test-date <YYYY-MM-DD>', 'cut-off of the test window (default: train date + 12 months)')
    .option('--epochs <N>', 'optimisation steps (default 300)')
    .action(async (opts: { trainDate: string; testDate?: string; epochs?: string }) => {
      const { scoreTrainCommand } = await import('./commands/score.ts');
      const args = ['--train-date', opts.trainDate];
      if (opts.testDate) args.push('--test-date', opts.testDate);
      if (opts.epochs) args.push('--epochs', opts.epochs);
      setCode(await scoreTrainCommand(args, createContext()));
    });
  score
    .command('evaluate')
    .description('AUC, average precision and calibration table of the model on its test window')
    .action(async () => {
      const { scoreEvaluateCommand } = await import('./commands/score.ts');
      setCode(await scoreEvaluateCommand([], createContext()));
    });
}

/** `audit` and `bench`: tools that take their own arguments. */
function declareToolCommands(program: Command, run: Run): void {
  program
    .command('audit')
    .argument('<action>', 'verify | row')
    .argument('[file]', 'saved response (curl -si output); for row: <register> <id>')
    .allowUnknownOption()
    .allowExcessArguments()
    .description(
      'Verify a saved signed response against the public keys and the served log, or prove a row from the log',
    )
    .action(run(async () => (await import('./commands/audit.ts')).auditCommand));
  program
    .command('bench')
    .argument('[name]', 'benchmark name (eventstore, ...); without one, the list')
    // `bench <name> --help` is the benchmark's own help, and `bench --help` the list: not commander's.
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .description('Run a benchmark and print its table')
    .action(
      run(async () => async (argv) => {
        const { runBench } = await import('../../bench/index.ts');
        return runBench(argv);
      }),
    );
}

/** The package's version, from its package.json. */
function packageVersion(): string {
  const file = path.join(SOURCE_ROOT, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
