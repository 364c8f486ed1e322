import type { CliCommand } from '../ops/cli/context.ts';
import { ariregisterCommand } from './ee-ariregister/ariregisterCommand.ts';
import { urCommand } from './lv-ur/urCommand.ts';
import { brregCommand } from './no-brreg/brregCommand.ts';

/** `npx registres ingest <register> ...`: one command per register folder, added with the folder. */
export const INGESTERS: Readonly<Record<string, { description: string; command: CliCommand }>> = {
  'no.brreg': {
    description: 'Enhetsregisteret bulk files: --enheter <csv|json[.gz]> [--underenheter <file>]',
    command: brregCommand,
  },
  'ee.ariregister': {
    description:
      'e-Business Register open data: --lihtandmed <csv[.zip]> [--isikud <json[.zip]>] [--osanikud <json[.zip]>]',
    command: ariregisterCommand,
  },
  'lv.ur': {
    description:
      'Register of Enterprises open data: --register <csv> [--members] [--officers] [--beneficial_owners]',
    command: urCommand,
  },
};
