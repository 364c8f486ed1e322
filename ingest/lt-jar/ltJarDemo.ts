import { LT_JAR_REGISTER } from '../../schemas/events/ltJarEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestLtJar } from './ingestLtJar.ts';

/** The demo files of the Register of Legal Entities, in their published layouts (see demo/SOURCE.txt). */
export const LT_JAR_DEMO_FILES = demoFilesOf('lt-jar', {
  registered: 'JAR_IREGISTRUOTI_constructed.csv',
  accounts: [
    'JAR_FA_RODIKLIAI_PLNA_2022_constructed.csv',
    'JAR_FA_RODIKLIAI_PLNA_2025_n_constructed.csv',
    'JAR_FA_RODIKLIAI_BLNS_2025_n_constructed.csv',
  ],
});

export const ltJarDemo = datedFilesDemo(
  LT_JAR_REGISTER,
  'Register of Legal Entities: 9 entities, annual accounts (legacy and long files)',
  LT_JAR_DEMO_FILES,
  ingestLtJar,
);
