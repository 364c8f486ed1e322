import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest lt-jar --iregistruoti <file> [--finansai <file>]... [--date] [--version]` */
export const ltJarIngestSpec = fileIngestSpec({
  register: LT_JAR_REGISTER,
  summary: 'Register of Legal Entities open data (registrucentras.lt/aduomenys CSV files)',
  roles: [
    { name: 'iregistruoti', required: true, description: 'JAR_IREGISTRUOTI.csv' },
    {
      name: 'finansai',
      required: false,
      repeatable: true,
      description: 'a JAR_FA_RODIKLIAI_{PLNA|BLNS}_<YEAR>[_n].csv file (repeat for every year served)',
    },
  ],
  notes:
    'A pass is the whole register: give every accounts file served each time (a year left out is dropped).',
  async load() {
    const { ingestLtJar } = await import('./ingestLtJar.ts');
    return ({ files, lists, ...opts }) =>
      ingestLtJar({
        ...opts,
        files: { registered: files.iregistruoti!, accounts: lists.finansai ?? [] },
      });
  },
});
