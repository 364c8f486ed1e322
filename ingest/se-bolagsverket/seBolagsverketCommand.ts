import { SE_BOLAGSVERKET_REGISTER } from '../../schemas/events/seBolagsverketEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest se-bolagsverket --bulkfil bolagsverket_bulkfil.zip [--date] [--version]` */
export const seBolagsverketIngestSpec = fileIngestSpec({
  register: SE_BOLAGSVERKET_REGISTER,
  summary: 'Bolagsverket weekly bulk file (bolagsverket_bulkfil.zip, or the .txt inside)',
  roles: [{ name: 'bulkfil', required: true, description: 'bolagsverket_bulkfil.zip or .txt' }],
  blocks: true,
  async load() {
    const { ingestSeBolagsverket } = await import('./ingestSeBolagsverket.ts');
    return ({ files, ...opts }) => ingestSeBolagsverket({ ...opts, file: files.bulkfil! });
  },
});
