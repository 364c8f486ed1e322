import { NO_REGNSKAP_REGISTER } from '../../schemas/events/noRegnskapEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest no-regnskap --regnskap <recording.jsonl> [--date] [--version]` */
export const noRegnskapIngestSpec = fileIngestSpec({
  register: NO_REGNSKAP_REGISTER,
  summary: 'Regnskapsregisteret open API: a recording of GET /regnskapsregisteret/regnskap/{orgnr} answers',
  roles: [
    {
      name: 'regnskap',
      required: true,
      description:
        'JSON lines {"orgnr","status","body"}, one per organisation number asked, .jsonl or .jsonl.gz',
    },
  ],
  notes:
    'The recording is made from https://data.brreg.no/regnskapsregisteret/regnskap/{orgnr} (open, no key; the latest filed year of company accounts); this command reads the recording only (no network). Brreg publishes no open bulk file of accounts. A pass is the whole recording.',
  async load() {
    const { ingestNoRegnskap } = await import('./ingestNoRegnskap.ts');
    return ({ files, lists: _lists, ...opts }) => ingestNoRegnskap({ ...opts, file: files.regnskap! });
  },
});
