import { fileIngestSpec } from '../core/fileIngestCommand.ts';
import { BRREG_REGISTER } from './brregEvents.ts';

/** `registres ingest no-brreg --enheter <file> [--underenheter <file>] [--date] [--version]` */
export const brregIngestSpec = fileIngestSpec({
  register: BRREG_REGISTER,
  summary: 'Enhetsregisteret bulk files (CSV or JSON, gzipped or not)',
  roles: [
    { name: 'enheter', required: true, description: 'the units file (enheter)' },
    { name: 'underenheter', required: false, description: 'the sub-units file (underenheter)' },
  ],
  async load() {
    const { ingestBrreg } = await import('./ingestBrreg.ts');
    return ({ files, ...opts }) =>
      ingestBrreg({ ...opts, files: { enheter: files.enheter!, underenheter: files.underenheter } });
  },
});
