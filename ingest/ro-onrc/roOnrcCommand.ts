import { RO_ONRC_REGISTER } from '../../schemas/events/roOnrcEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest ro-onrc --firme <file> [--stare_firma <file>] [--n_stare_firma <file>] [--reprezentanti_legali <file>] [--date] [--version]` */
export const roOnrcIngestSpec = fileIngestSpec({
  register: RO_ONRC_REGISTER,
  summary: 'ONRC trade register open data (data.gov.ro monthly release, ^-separated files)',
  roles: [
    { name: 'firme', required: true, description: 'OD_FIRME.CSV' },
    { name: 'stare_firma', required: false, description: 'OD_STARE_FIRMA.CSV' },
    { name: 'n_stare_firma', required: false, description: 'N_STARE_FIRMA.CSV' },
    { name: 'reprezentanti_legali', required: false, description: 'OD_REPREZENTANTI_LEGALI.CSV' },
  ],
  blocks: true,
  async load() {
    const { ingestRoOnrc } = await import('./ingestRoOnrc.ts');
    return ({ files, ...opts }) => ingestRoOnrc({ ...opts, files: { ...files, firme: files.firme! } });
  },
});
