import type { CliCommand } from '../ops/cli/context.ts';
import { sireneCommand } from './fr-sirene/sireneCommand.ts';

/** `npx registres ingest <register> ...`: one command per register folder, added with the folder. */
export const INGESTERS: Readonly<Record<string, { description: string; command: CliCommand }>> = {
  'fr-sirene': {
    description: 'INSEE Sirene stock: --unites-legales <file> --etablissements <file> [--version YYYY-MM-DD]',
    command: sireneCommand,
  },
};
