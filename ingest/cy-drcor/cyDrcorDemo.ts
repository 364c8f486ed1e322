import { CY_DRCOR_REGISTER } from '../../schemas/events/cyDrcorEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { ingestCyDrcor } from './ingestCyDrcor.ts';

/** The demo files, constructed in the layout public parsers read (see demo/SOURCE.txt). */
export const CY_DRCOR_DEMO_FILES = demoFilesOf('cy-drcor', {
  organisations: 'organisations_constructed.csv',
  offices: 'registered_office_constructed.csv',
});

export const cyDrcorDemo = datedFilesDemo(
  CY_DRCOR_REGISTER,
  'Registrar of Companies: 7 organisations and their offices (constructed, layout from public code)',
  CY_DRCOR_DEMO_FILES,
  ingestCyDrcor,
);
