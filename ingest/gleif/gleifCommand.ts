import { GLEIF_REGISTER } from '../../schemas/events/gleifEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest gleif --lei2 <file> --rr <file> --repex <file> [--date] [--version]` */
export const gleifIngestSpec = fileIngestSpec({
  register: GLEIF_REGISTER,
  summary:
    'GLEIF golden copy: LEI records, relationship records and reporting exceptions of one publication (.zip as downloaded, XML, JSON or CSV)',
  roles: [
    {
      name: 'lei2',
      required: true,
      description: 'LEI records (lei2), e.g. ...-gleif-goldencopy-lei2-golden-copy.xml.zip',
    },
    { name: 'rr', required: true, description: 'relationship records (rr)' },
    { name: 'repex', required: true, description: 'reporting exceptions (repex)' },
  ],
  notes: 'Delta files (intra-day, last day) are applied on top with `registres ingest gleif-updates`.',
  blocks: true,
  async load() {
    const { ingestGleif } = await import('./ingestGleif.ts');
    return ({ files, ...opts }) =>
      ingestGleif({ ...opts, files: { lei2: files.lei2!, rr: files.rr!, repex: files.repex! } });
  },
});
