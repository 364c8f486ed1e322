import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { INGESTERS } from '../../ingest/index.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../database/openDatabase.ts';
import { createPostgresEventStore } from '../eventstore/postgres/index.ts';
import { createLogger } from '../logger.ts';
import { migrateAll } from '../server/migrateAll.ts';
import { auditCommand } from './commands/audit.ts';
import { createAccountKey, creditAccount, showAccount } from './commands/keys.ts';
import { projectCommand, rebuildCommand } from './commands/projections.ts';
import { serveCommand } from './commands/serve.ts';
import type { CliCommand, CliContext } from './context.ts';

function createContext(): CliContext {
  const config = loadConfig();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
  return {
    config,
    logger,
    out: (line) => process.stdout.write(`${line}\n`),
    async withDatabase(fn) {
      const db = await openDatabase(config, logger);
      try {
        await migrateAll(db.knex, PROJECTIONS);
        return await fn(
          db,
          createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger }),
        );
      } finally {
        await db.close();
      }
    },
  };
}

/** Register keys of the command line that name a register otherwise than by its folder (accepted, with a note). */
const FORMER_REGISTER_KEYS: Readonly<Record<string, string>> = { 'fr.ratios-inpi-bce': 'fr-comptes' };

/**
 * One spelling: the register's folder name (`fr-bodacc`, `lv-ur`). The register code with dots
 * (`fr.bodacc`, `no.brreg.oppdateringer`), written before, is still understood.
 */
function ingesterKeyOf(register: string): string | undefined {
  if (register in INGESTERS) return register;
  const former = FORMER_REGISTER_KEYS[register];
  if (former) return former;
  return Object.keys(INGESTERS).find((k) => k === register.replaceAll('.', '-'));
}

/** `registres <command>`: returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const run =
    (command: CliCommand) =>
    async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      code = await command(cmd.args, createContext());
    };
  const program = new Command('registres')
    .description('Registres API: serve, migrate, project, rebuild, ingest, keys, audit, bench')
    .version(packageVersion(), '-V, --version', 'print the version')
    // Program options only before the command: `ingest … --version 2026-11-15` is the ingest's own option.
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError();

  program
    .command('serve')
    .description('Serve the API (embedded database unless DATABASE_URL is set)')
    .action(run(serveCommand));
  program
    .command('migrate')
    .description('Apply database migrations')
    .action(
      run(async (_argv, ctx) =>
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
    .action(run(projectCommand));
  program
    .command('rebuild')
    .argument('<name>', 'projection name')
    .description('Truncate a projection and replay the log; prints table checksums')
    .action(run(rebuildCommand));
  program
    .command('ingest')
    .argument('<register>', `register: ${Object.keys(INGESTERS).join(', ') || '(none yet)'}`)
    .allowUnknownOption()
    .allowExcessArguments()
    .description('Ingest an upstream file of a register into the event log')
    .action(
      run(async (argv, ctx) => {
        const [register, ...rest] = argv;
        const key = ingesterKeyOf(register ?? '');
        const ingester = key ? INGESTERS[key] : undefined;
        if (!ingester) {
          ctx.out(
            `Unknown register "${register ?? ''}". Available: ${Object.keys(INGESTERS).join(', ') || '(none yet)'}`,
          );
          return 2;
        }
        if (key !== register) {
          process.stderr.write(`note: "${register}" is written "${key}" now (the register's folder name)\n`);
        }
        return ingester.command(rest, ctx);
      }),
    );
  const keys = program
    .command('keys')
    .description('API keys and prepaid credits: create an account and its key, add credits, show a balance');
  keys
    .command('create')
    .description('Open an account and print its key (shown once, stored hashed)')
    .option('--credits <N>', 'credits to start with (1 credit = 1 EUR, e.g. 5 or 2.5)')
    .action(async (opts: { credits?: string }) => {
      code = await createAccountKey(opts, createContext());
    });
  keys
    .command('credit')
    .description('Add credits to an account, valid 12 months')
    .argument('<account>', 'account id (printed by keys create)')
    .argument('<N>', 'credits to add (1 credit = 1 EUR)')
    .action(async (account: string, amount: string) => {
      code = await creditAccount(account, amount, createContext());
    });
  keys
    .command('show')
    .description('Balance by lot (closest expiry first) and free calls used this month')
    .argument('<account>', 'account id')
    .action(async (account: string) => {
      code = await showAccount(account, createContext());
    });
  program
    .command('audit')
    .argument('<action>', 'verify')
    .argument('[file]', 'saved response (curl -si output)')
    .allowUnknownOption()
    .allowExcessArguments()
    .description('Verify a saved signed response against the public keys and the served log')
    .action(run(auditCommand));
  program
    .command('bench')
    .argument('<name>', 'benchmark name (eventstore, ...)')
    .allowUnknownOption()
    .allowExcessArguments()
    .description('Run a benchmark and print its table')
    .action(
      run(async (argv) => {
        const { runBench } = await import('../../bench/index.ts');
        return runBench(argv);
      }),
    );

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    throw err;
  }
  return code;
}

/** The package's version, from its package.json. */
function packageVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}
