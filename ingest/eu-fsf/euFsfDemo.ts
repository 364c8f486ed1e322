import { EU_FSF_REGISTER } from '../../schemas/events/euFsfEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestEuFsf } from './ingestEuFsf.ts';

/** Demo sanctions list: a real excerpt of the FSF XML 1.1 export, through the real ingester (demo/SOURCE.txt). */
export const euFsfDemo = singleFileDemo({
  register: EU_FSF_REGISTER,
  description: 'liste de sanctions financières de l’UE de démonstration (extrait réel de l’export XML 1.1)',
  folder: 'eu-fsf',
  file: 'eu_fsf.xml',
  ingest: ingestEuFsf,
});
