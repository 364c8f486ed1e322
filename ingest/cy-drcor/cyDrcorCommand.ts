import { CY_DRCOR_REGISTER } from '../../schemas/events/cyDrcorEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest cy-drcor --organisations <file> --offices <file> [--date] [--version]` */
export const cyDrcorIngestSpec = fileIngestSpec({
  register: CY_DRCOR_REGISTER,
  summary: 'Registrar of Companies open data (data.gov.cy): organisations and registered offices CSV',
  roles: [
    { name: 'organisations', required: true, description: 'organisations_NN.csv' },
    { name: 'offices', required: true, description: 'registered_office_NN.csv' },
  ],
  async load() {
    const { ingestCyDrcor } = await import('./ingestCyDrcor.ts');
    return ({ files, ...opts }) =>
      ingestCyDrcor({ ...opts, files: { organisations: files.organisations!, offices: files.offices! } });
  },
});
