import { FR_QUALIOPI_REGISTER } from '../../schemas/events/frQualiopiEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrQualiopi } from './ingestFrQualiopi.ts';

/** Demo declarations in the data.gouv file's layout, through the real ingester (see demo/SOURCE.txt). */
export const frQualiopiDemo = singleFileDemo({
  register: FR_QUALIOPI_REGISTER,
  description: 'déclarations d’organismes de formation de démonstration (disposition du fichier data.gouv)',
  folder: 'fr-qualiopi',
  file: 'qualiopi.csv',
  ingest: ingestFrQualiopi,
});
