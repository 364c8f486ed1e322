import type { CliCommand } from '../ops/cli/context.ts';

/** `npx registres ingest <register> ...`: one command per register folder, added with the folder. */
export const INGESTERS: Readonly<Record<string, { description: string; command: CliCommand }>> = {};
