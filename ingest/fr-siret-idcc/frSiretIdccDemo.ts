import { FR_SIRET_IDCC_REGISTER } from '../../schemas/events/frSiretIdccEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrSiretIdcc } from './ingestFrSiretIdcc.ts';

/** Real rows of the 2019 file and a few for demo companies, through the real ingester (see demo/SOURCE.txt). */
export const frSiretIdccDemo = singleFileDemo({
  register: FR_SIRET_IDCC_REGISTER,
  description: 'conventions collectives de démonstration (lignes réelles du fichier SIRET-IDCC de 2019)',
  folder: 'fr-siret-idcc',
  file: 'siret-idcc_demo.csv',
  ingest: ingestFrSiretIdcc,
});
