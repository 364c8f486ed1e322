import { IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest ie-cro --companies <file> [--date] [--version]` */
export const ieCroIngestSpec = fileIngestSpec({
  register: IE_CRO_REGISTER,
  summary: 'CRO open data: the daily companies file (companies.csv.zip as downloaded, or the CSV)',
  roles: [{ name: 'companies', required: true, description: 'companies.csv or companies.csv.zip' }],
  async load() {
    const { ingestIeCro } = await import('./ingestIeCro.ts');
    return ({ files, ...opts }) => ingestIeCro({ ...opts, files: { companies: files.companies! } });
  },
});
