import type { CliCommand } from '../ops/cli/context.ts';
import { ariregisterCommand } from './ee-ariregister/ariregisterCommand.ts';
import { bodaccCommand } from './fr-bodacc/bodaccCommand.ts';
import { ratiosCommand } from './fr-comptes/ratiosCommand.ts';
import { joafeCommand } from './fr-joafe/joafeCommand.ts';
import { rnaCommand } from './fr-rna/rnaCommand.ts';
import { sireneCommand } from './fr-sirene/sireneCommand.ts';
import { urCommand } from './lv-ur/urCommand.ts';
import { brregCommand } from './no-brreg/brregCommand.ts';
import { brregUpdatesCommand } from './no-brreg/brregUpdatesCommand.ts';

/** `npx registres ingest <register> ...`: one command per register folder, added with the folder. */
export const INGESTERS: Readonly<Record<string, { description: string; command: CliCommand }>> = {
  'fr-sirene': {
    description: 'INSEE Sirene stock: --unites-legales <file> --etablissements <file> [--version YYYY-MM-DD]',
    command: sireneCommand,
  },
  'fr-comptes': {
    description: 'annual-accounts ratios (INPI/BCE): the CSV export of data.economie.gouv.fr ratios_inpi_bce',
    command: ratiosCommand,
  },
  'fr-bodacc': {
    description: 'BODACC annonces-commerciales export (JSON, JSONL, or a recorded API answer)',
    command: bodaccCommand,
  },
  'fr-rna': {
    description: 'RNA files (rna_waldec / rna_import CSV, or their zip), one monthly stock',
    command: rnaCommand,
  },
  'fr-joafe': {
    description: 'JOAFE jo_associations export (JSON, JSONL, or a recorded API answer)',
    command: joafeCommand,
  },
  'no-brreg': {
    description: 'Enhetsregisteret bulk files: --enheter <csv|json[.gz]> [--underenheter <file>]',
    command: brregCommand,
  },
  'no-brreg-oppdateringer': {
    description:
      'Enhetsregisteret update feed on top of the last bulk pass: --oppdateringer <recorded page.json> ... [--enheter <documents.json>] [--underenheter <documents.json>]',
    command: brregUpdatesCommand,
  },
  'ee-ariregister': {
    description:
      'e-Business Register open data: --lihtandmed <csv[.zip]> [--isikud] [--osanikud] [--yldandmed] [--kasusaajad] (json[.zip])',
    command: ariregisterCommand,
  },
  'lv-ur': {
    description:
      'Register of Enterprises open data: --register <csv> [--members] [--officers] [--beneficial_owners] [--liquidations] [--suspensions_prohibitions] [--securing_measures] [--reorganizations] [--insolvency] [--financial_statements] [--balance_sheets] [--income_statements] [--cash_flow_statements]',
    command: urCommand,
  },
};
