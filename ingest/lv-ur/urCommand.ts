import { fileIngestCommand } from '../core/fileIngestCommand.ts';
import { ingestUr } from './ingestUr.ts';
import { UR_REGISTER } from './urEvents.ts';

/** `registres ingest lv-ur --register <file> [--members <file>] ... [--financial_statements <file>] [--date] [--version]` */
export const urCommand = fileIngestCommand({
  register: UR_REGISTER,
  roles: [
    { name: 'register', required: true },
    { name: 'members', required: false },
    { name: 'officers', required: false },
    { name: 'beneficial_owners', required: false },
    { name: 'liquidations', required: false },
    { name: 'suspensions_prohibitions', required: false },
    { name: 'securing_measures', required: false },
    { name: 'reorganizations', required: false },
    { name: 'insolvency', required: false },
    { name: 'financial_statements', required: false },
    { name: 'balance_sheets', required: false },
    { name: 'income_statements', required: false },
    { name: 'cash_flow_statements', required: false },
  ],
  run: ({ files, ...opts }) =>
    ingestUr({
      ...opts,
      files: { ...files, register: files.register! },
    }),
});
