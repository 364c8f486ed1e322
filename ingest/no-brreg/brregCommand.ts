import { fileIngestCommand } from '../core/fileIngestCommand.ts';
import { BRREG_REGISTER } from './brregEvents.ts';
import { ingestBrreg } from './ingestBrreg.ts';

/** `registres ingest no-brreg --enheter <file> [--underenheter <file>] [--date] [--version]` */
export const brregCommand = fileIngestCommand({
  register: BRREG_REGISTER,
  roles: [
    { name: 'enheter', required: true },
    { name: 'underenheter', required: false },
  ],
  run: ({ files, ...opts }) =>
    ingestBrreg({ ...opts, files: { enheter: files.enheter!, underenheter: files.underenheter } }),
});
