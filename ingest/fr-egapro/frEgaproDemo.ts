import { FR_EGAPRO_REGISTER } from '../../schemas/events/frEgaproEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrEgapro } from './ingestFrEgapro.ts';

/** Demo declarations in the real export's layout, through the real ingester (see demo/SOURCE.txt). */
export const frEgaproDemo = singleFileDemo({
  register: FR_EGAPRO_REGISTER,
  description: 'index Egapro de démonstration (en-tête réel de l’export index-egalite-fh)',
  folder: 'fr-egapro',
  file: 'index-egalite-fh-utf8.csv',
  ingest: ingestFrEgapro,
});
