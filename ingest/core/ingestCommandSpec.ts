import type { CliContext } from '../../ops/commandContext.ts';

/** What a register's ingest command receives once commander has parsed its command line. */
export interface IngestInput {
  /** Positional arguments, in order. */
  args: string[];
  /** Option values keyed by the option's long name as written (`unites-legales`); repeatable ones are arrays. */
  options: Record<string, string | string[] | undefined>;
}

export type IngestRun = (input: IngestInput, ctx: CliContext) => Promise<number>;

/**
 * A register's `ingest` command, declared for commander (help, validation) without loading its code: `load`
 * imports the ingestion itself only when the command runs, so the command line starts fast.
 */
export interface IngestCommandSpec {
  summary: string;
  /** Positional arguments: `<file>`, `[files...]`. */
  arguments?: readonly { syntax: string; description: string }[];
  options: readonly {
    name: string;
    value?: string;
    description: string;
    required?: boolean;
    repeatable?: boolean;
  }[];
  /** Lines printed after the options in `--help`. */
  notes?: string;
  load(): Promise<IngestRun>;
}
