import { EE_ARIREGISTER_REGISTER } from '../../schemas/events/eeAriregisterEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest ee-ariregister --lihtandmed <file> [--isikud <file>] ... [--date] [--version]` */
export const eeAriregisterIngestSpec = fileIngestSpec({
  register: EE_ARIREGISTER_REGISTER,
  summary: 'e-Business Register open data (ettevotja_rekvisiidid files, plain or zipped)',
  roles: [
    { name: 'lihtandmed', required: true, description: 'basic data, lihtandmed CSV' },
    { name: 'isikud', required: false, description: 'persons on the card, kaardile_kantud_isikud JSON' },
    { name: 'osanikud', required: false, description: 'shareholders, osanikud JSON' },
    { name: 'yldandmed', required: false, description: 'general data, yldandmed JSON' },
    { name: 'kasusaajad', required: false, description: 'beneficial owners, kasusaajad JSON' },
  ],
  async load() {
    const { ingestEeAriregister } = await import('./ingestEeAriregister.ts');
    return ({ files, ...opts }) =>
      ingestEeAriregister({ ...opts, files: { ...files, lihtandmed: files.lihtandmed! } });
  },
});
