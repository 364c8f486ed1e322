import path from 'node:path';
import { FR_DECP_REGISTER, frDecpStreamOf } from '../../schemas/events/frDecpEvents.ts';
import { demoDate } from '../core/demoFiles.ts';
import { type DemoSeeder, demoFilesOf } from '../core/demoSeeder.ts';
import { type LinedPassFile, runFilesPass } from '../core/filesPass.ts';
import { countsAboveZero } from '../core/setAsideWarning.ts';
import { emptyDecpReport, readDecpJson } from './readFrDecpJson.ts';

/**
 * The demo's two files (demo/SOURCE.txt): contracts in the consolidated file's 2024 layout, and an excerpt of
 * a real 2019 consolidated file (`{"marches": [...]}`), whose contracts name a company of the Sirene demo.
 */
const DEMO_FILES = demoFilesOf('fr-decp', {
  layout2024: 'decp.json',
  excerpt2019: 'data.gouv.fr_aife_2019-04-04_extrait.json',
});

/**
 * Demo contracts through the real reader (readFrDecpJson.ts), its two files read as one pass by the shared
 * multi-file pass (filesPass.ts), as the ICPE demo's pages are: the upstream publishes one file, the demo
 * two, one of each layout. The pass's SHA-256 is the manifest of the two files' own, each kept in the report
 * (`fichiers`) and a `fichier` entity, and each contract's block names its own file's SHA-256 and its rank
 * in that file.
 */
export const frDecpDemo: DemoSeeder = {
  register: FR_DECP_REGISTER,
  description:
    'marchés publics DECP de démonstration (schéma 2024, et un extrait réel du fichier consolidé de 2019)',
  async seed({ knex, store, logger, snapshotDate }) {
    const { date, version } = demoDate();
    const report = emptyDecpReport();
    const files: LinedPassFile[] = [DEMO_FILES.layout2024, DEMO_FILES.excerpt2019].map((file) => ({
      role: path.basename(file),
      path: file,
      read: (at) => readDecpJson(at, report),
    }));
    await runFilesPass({
      knex,
      store,
      logger,
      register: FR_DECP_REGISTER,
      version: snapshotDate ? `demo-${snapshotDate}` : version,
      snapshotDate: snapshotDate ?? date,
      streamOf: frDecpStreamOf,
      files,
      // The reader numbers each contract in its file: the first pass goes in block events.
      blocks: true,
      report: () => ({ ...report }),
      setAside: [
        {
          fields: () => countsAboveZero({ lignesEcartees: report.lignesEcartees }),
          because: 'DECP contract rows set aside',
        },
      ],
    });
  },
};
