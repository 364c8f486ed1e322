import { FR_ICPE_REGISTER } from '../../schemas/events/frIcpeEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrIcpe } from './ingestFrIcpe.ts';

/** Demo installations: real lines of a Géorisques export, through the real ingester (see demo/SOURCE.txt). */
export const frIcpeDemo = singleFileDemo({
  register: FR_ICPE_REGISTER,
  description: 'installations classées de démonstration (lignes réelles de l’export CSV de Géorisques)',
  folder: 'fr-icpe',
  file: 'icpe_gironde_excerpt.zip',
  ingest: ({ file, ...opts }) => ingestFrIcpe({ ...opts, paths: [file] }),
});
