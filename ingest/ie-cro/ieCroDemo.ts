import { IE_CRO_REGISTER } from '../../schemas/events/ieCroEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestIeCro } from './ingestIeCro.ts';

/** The demo file of the CRO, in its real layout (see demo/SOURCE.txt). */
export const IE_CRO_DEMO_FILES = demoFilesOf('ie-cro', { companies: 'companies.csv' });

export const ieCroDemo = datedFilesDemo(
  IE_CRO_REGISTER,
  'CRO companies file: 8 companies, one real row, the others constructed (real layout)',
  IE_CRO_DEMO_FILES,
  ingestIeCro,
);
