import { FR_RGE_REGISTER } from '../../schemas/events/frRgeEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrRge } from './ingestFrRge.ts';

/** Demo qualifications: a real answer of the data-fair lines API, through the real ingester (see demo/SOURCE.txt). */
export const frRgeDemo = singleFileDemo({
  register: FR_RGE_REGISTER,
  description: 'qualifications RGE de démonstration (réponse réelle de l’API lines de data-fair)',
  folder: 'fr-rge',
  file: 'rge.json',
  ingest: ingestFrRge,
});
