import type { IngestCommandSpec } from '../ops/cli/context.ts';
import { ariregisterIngestSpec } from './ee-ariregister/ariregisterCommand.ts';
import { bodaccIngestSpec } from './fr-bodacc/bodaccCommand.ts';
import { ratiosIngestSpec } from './fr-comptes/ratiosCommand.ts';
import { joafeIngestSpec } from './fr-joafe/joafeCommand.ts';
import { rnaIngestSpec } from './fr-rna/rnaCommand.ts';
import { sireneIngestSpec } from './fr-sirene/sireneCommand.ts';
import { urIngestSpec } from './lv-ur/urCommand.ts';
import { brregIngestSpec } from './no-brreg/brregCommand.ts';
import { brregUpdatesIngestSpec } from './no-brreg/brregUpdatesCommand.ts';

/**
 * `registres ingest <register> ...`: one command per register folder, added with the folder. Each is declared
 * (options, help) without its code, which is loaded only when the command runs.
 */
export const INGESTERS: Readonly<Record<string, IngestCommandSpec>> = {
  'fr-sirene': sireneIngestSpec,
  'fr-comptes': ratiosIngestSpec,
  'fr-bodacc': bodaccIngestSpec,
  'fr-rna': rnaIngestSpec,
  'fr-joafe': joafeIngestSpec,
  'no-brreg': brregIngestSpec,
  'no-brreg-oppdateringer': brregUpdatesIngestSpec,
  'ee-ariregister': ariregisterIngestSpec,
  'lv-ur': urIngestSpec,
};
