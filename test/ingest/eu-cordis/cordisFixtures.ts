import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CordisFiles } from '../../../ingest/eu-cordis/ingestEuCordis.ts';

export const CORDIS_FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/eu-cordis',
);

const at = (name: string) => path.join(CORDIS_FIXTURES, name);

/** Real CORDIS rows (SOURCE.txt): 8 H2020 participations (3 without VAT), 2 Horizon Europe ones (1 without). */
export const CORDIS_FILES: CordisFiles = {
  H2020: { project: at('h2020-project.csv'), organization: at('h2020-organization.csv') },
  HORIZON: { project: at('horizon-project.csv'), organization: at('horizon-organization.csv') },
};
