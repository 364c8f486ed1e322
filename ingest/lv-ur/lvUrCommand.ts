import { LV_UR_REGISTER } from '../../schemas/events/lvUrEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest lv-ur --register <file> [--members <file>] ... [--financial_statements <file>] [--date] [--version]` */
export const lvUrIngestSpec = fileIngestSpec({
  register: LV_UR_REGISTER,
  summary: 'Register of Enterprises open data (dati.ur.gov.lv CSV files)',
  roles: [
    { name: 'register', required: true },
    { name: 'members', required: false },
    { name: 'officers', required: false },
    { name: 'beneficial_owners', required: false },
    { name: 'liquidations', required: false },
    { name: 'suspensions_prohibitions', required: false },
    { name: 'securing_measures', required: false },
    { name: 'reorganizations', required: false },
    { name: 'insolvency', required: false },
    { name: 'financial_statements', required: false },
    { name: 'balance_sheets', required: false },
    { name: 'income_statements', required: false },
    { name: 'cash_flow_statements', required: false },
  ],
  async load() {
    const { ingestLvUr } = await import('./ingestLvUr.ts');
    return ({ files, ...opts }) => ingestLvUr({ ...opts, files: { ...files, register: files.register! } });
  },
});
