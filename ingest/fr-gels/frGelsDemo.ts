import { FR_GELS_REGISTER } from '../../schemas/events/frGelsEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrGels } from './ingestFrGels.ts';

/**
 * Demo asset-freeze register: real entries of a real publication laid out again in the API's layout (the
 * file is named `_constructed`: see demo/SOURCE.txt), through the real ingester.
 */
export const frGelsDemo = singleFileDemo({
  register: FR_GELS_REGISTER,
  description: 'registre national des gels de démonstration (mesures réelles, mise en page reconstruite)',
  folder: 'fr-gels',
  file: 'registre_gels_constructed.json',
  ingest: ingestFrGels,
});
