import { Command, CommanderError } from 'commander';
import { INGESTERS } from '../../ingest/index.ts';
import { PROJECTIONS } from '../../projections/index.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../database/openDatabase.ts';
import { createPostgresEventStore } from '../eventstore/postgres/index.ts';
import { createLogger } from '../logger.ts';
import { migrateAll } from '../server/migrateAll.ts';
import { auditCommand } from './commands/audit.ts';
import { keysCommand } from './commands/keys.ts';
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
        // Register codes are written `fr.bodacc`; `fr-bodacc` (the folder name) is accepted too.
        const key = Object.keys(INGESTERS).find(
          (k) => register !== undefined && k.replaceAll('-', '.') === register.replaceAll('-', '.'),
        );
        const ingester = key ? INGESTERS[key] : undefined;
        if (!ingester) {
          ctx.out(
            `Unknown register "${register ?? ''}". Available: ${Object.keys(INGESTERS).join(', ') || '(none yet)'}`,
          );
          return 2;
        }
        return ingester.command(rest, ctx);
      }),
    );
  program
    .command('keys')
    .argument('[args...]', 'create [--credits N] | credit <account> N | show <account>')
    .allowUnknownOption()
    .description('API keys and prepaid credits: create an account and its key, add credits, show a balance')
    .action(run(keysCommand));
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
