import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest no-brreg --enheter <file> [--underenheter <file>] [--date] [--version]` */
export const noBrregIngestSpec = fileIngestSpec({
  register: NO_BRREG_REGISTER,
  summary: 'Enhetsregisteret bulk files (CSV or JSON, gzipped or not)',
  roles: [
    { name: 'enheter', required: true, description: 'the units file (enheter)' },
    { name: 'underenheter', required: false, description: 'the sub-units file (underenheter)' },
  ],
  async load() {
    const { ingestNoBrreg } = await import('./ingestNoBrreg.ts');
    return ({ files, ...opts }) =>
      ingestNoBrreg({ ...opts, files: { enheter: files.enheter!, underenheter: files.underenheter } });
  },
});
