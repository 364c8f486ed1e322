import { Command, CommanderError, Option } from 'commander';
import type { IngestCommandSpec, IngestInput } from '../../ingest/core/ingestCommandSpec.ts';
import type { CliContext } from '../../ops/commandContext.ts';

/** commander's key of an option (`unites-legales` → `unitesLegales`). */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The commander command of a register's ingest spec: its arguments and options declared (so `--help` lists
 * them and commander refuses unknown or missing ones), its code loaded only when it runs. `onRun` receives
 * the exit code.
 */
export function ingestCommandOf(
  name: string,
  spec: IngestCommandSpec,
  context: () => CliContext,
  onRun: (code: number) => void,
  /** What the command does, in its failure log line (`ingest failed`, `record failed`). */
  verb: 'ingest' | 'record' = 'ingest',
): Command {
  const command = new Command(name).description(spec.summary);
  for (const a of spec.arguments ?? []) command.argument(a.syntax, a.description);
  for (const o of spec.options) {
    const option = new Option(`--${o.name}${o.value ? ` ${o.value}` : ''}`, o.description);
    if (o.required) option.makeOptionMandatory();
    if (o.repeatable) option.argParser((value: string, previous?: string[]) => [...(previous ?? []), value]);
    command.addOption(option);
  }
  if (spec.notes) command.addHelpText('after', `\n${spec.notes}`);
  command.action(async (...received: unknown[]) => {
    const cmd = received[received.length - 1] as Command;
    const values = cmd.opts() as Record<string, string | string[] | undefined>;
    const input: IngestInput = {
      args: cmd.args,
      options: Object.fromEntries(spec.options.map((o) => [o.name, values[camel(o.name)]])),
    };
    const ctx = context();
    try {
      const run = await spec.load();
      onRun(await run(input, ctx));
    } catch (err) {
      // A file that cannot be read, a pass that fails: said in one line, exit code 1, never a stack trace.
      ctx.logger.error({ err: (err as Error).message, register: name }, `${verb} failed`);
      ctx.out(`${name}: ${(err as Error).message}`);
      onRun(1);
    }
  });
  return command;
}

/**
 * Runs one register's ingest command on `argv` (its arguments and options) in this process, with `ctx`: what
 * `registres ingest <name> …` does, for tests and embedding. Usage errors are written to `ctx.out` and give
 * exit code 2.
 */
export async function runIngestCommand(
  name: string,
  spec: IngestCommandSpec,
  argv: string[],
  ctx: CliContext,
  verb: 'ingest' | 'record' = 'ingest',
): Promise<number> {
  let code = 0;
  const command = ingestCommandOf(
    name,
    spec,
    () => ctx,
    (c) => {
      code = c;
    },
    verb,
  )
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.out(s.trimEnd()), writeErr: (s) => ctx.out(s.trimEnd()) });
  try {
    await command.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    throw err;
  }
  return code;
}
