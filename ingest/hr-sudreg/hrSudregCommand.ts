import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest hr-sudreg --detalji <file> [--date] [--version]` */
export const hrSudregIngestSpec = fileIngestSpec({
  register: HR_SUDREG_REGISTER,
  summary: 'Court register (Sudski registar open API): a recorded daily snapshot of detalji_subjekta answers',
  roles: [
    {
      name: 'detalji',
      required: true,
      description: 'JSON array of detalji_subjekta answers (expand_relations=true), .json or .json.gz',
    },
  ],
  notes:
    'The file is recorded from sudreg-data.gov.hr with OAuth client credentials from configuration; this command reads the recording only (no network). A pass is the whole register.',
  async load() {
    const { ingestHrSudreg } = await import('./ingestHrSudreg.ts');
    return ({ files, lists: _lists, ...opts }) => ingestHrSudreg({ ...opts, file: files.detalji! });
  },
});
