import { fileIngestCommand } from '../core/fileIngestCommand.ts';
import { ingestUr } from './ingestUr.ts';
import { UR_REGISTER } from './urEvents.ts';

/** `registres ingest lv.ur --register <file> [--members] [--officers] [--beneficial_owners] [--date] [--version]` */
export const urCommand = fileIngestCommand({
  register: UR_REGISTER,
  roles: [
    { name: 'register', required: true },
    { name: 'members', required: false },
    { name: 'officers', required: false },
    { name: 'beneficial_owners', required: false },
  ],
  run: ({ files, ...opts }) =>
    ingestUr({
      ...opts,
      files: {
        register: files.register!,
        members: files.members,
        officers: files.officers,
        beneficial_owners: files.beneficial_owners,
      },
    }),
});
