import type { CliCommand } from '../ops/cli/context.ts';
import { ratiosCommand } from './fr-comptes/ratiosCommand.ts';

/** `npx registres ingest <register> ...`: one command per register folder, added with the folder. */
export const INGESTERS: Readonly<Record<string, { description: string; command: CliCommand }>> = {
  'fr.ratios-inpi-bce': {
    description: 'annual-accounts ratios (INPI/BCE): the CSV export of data.economie.gouv.fr ratios_inpi_bce',
    command: ratiosCommand,
  },
};
