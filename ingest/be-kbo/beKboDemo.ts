import { BE_KBO_REGISTER } from '../../schemas/events/beKboEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestBeKbo } from './ingestBeKbo.ts';

/** Full-extract files assembled from a real daily Update extract (demo/SOURCE.txt). */
export const BE_KBO_DEMO_FILES = demoFilesOf('be-kbo', {
  enterprise: 'enterprise.csv',
  denomination: 'denomination.csv',
  address: 'address.csv',
  code: 'code.csv',
});

export const beKboDemo = datedFilesDemo(
  BE_KBO_REGISTER,
  'KBO/BCE: 27 real enterprise rows (10 legal persons served) of the 2025-10-12 extract',
  BE_KBO_DEMO_FILES,
  ingestBeKbo,
);
