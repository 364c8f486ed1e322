import { fileIngestCommand } from '../core/fileIngestCommand.ts';
import { ARIREGISTER_REGISTER } from './ariregisterEvents.ts';
import { ingestAriregister } from './ingestAriregister.ts';

/** `registres ingest ee-ariregister --lihtandmed <file> [--isikud <file>] [--osanikud <file>] [--yldandmed <file>] [--kasusaajad <file>] [--date] [--version]` */
export const ariregisterCommand = fileIngestCommand({
  register: ARIREGISTER_REGISTER,
  roles: [
    { name: 'lihtandmed', required: true },
    { name: 'isikud', required: false },
    { name: 'osanikud', required: false },
    { name: 'yldandmed', required: false },
    { name: 'kasusaajad', required: false },
  ],
  run: ({ files, ...opts }) =>
    ingestAriregister({
      ...opts,
      files: { ...files, lihtandmed: files.lihtandmed! },
    }),
});
