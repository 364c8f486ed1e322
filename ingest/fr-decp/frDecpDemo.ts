import { FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { singleFileDemo } from '../core/singleFileDemo.ts';
import { ingestFrDecp } from './ingestFrDecp.ts';

/** Demo contracts in the consolidated file's 2024 layout, through the real ingester (see demo/SOURCE.txt). */
export const frDecpDemo = singleFileDemo({
  register: FR_DECP_REGISTER,
  description: 'marchés publics DECP de démonstration (schéma 2024 du fichier consolidé)',
  folder: 'fr-decp',
  file: 'decp.json',
  ingest: ingestFrDecp,
});
