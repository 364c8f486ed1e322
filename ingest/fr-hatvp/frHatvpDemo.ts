import { FR_HATVP_REGISTER } from '../../schemas/events/frHatvpEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrHatvp } from './ingestFrHatvp.ts';

/** Demo organisations: real publications of the register, through the real ingester (see demo/SOURCE.txt). */
export const frHatvpDemo = singleFileDemo({
  register: FR_HATVP_REGISTER,
  description: 'représentants d’intérêts de démonstration (publications réelles du répertoire HATVP)',
  folder: 'fr-hatvp',
  file: 'agora_repertoire.json',
  ingest: ingestFrHatvp,
});
