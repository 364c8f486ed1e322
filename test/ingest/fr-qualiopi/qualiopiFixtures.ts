import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo file (ingest/fr-qualiopi/demo/SOURCE.txt): the data.gouv header as published and four rows laid
 * out as the file lays them out: two declarations of 356000000 (one certified for training actions), one of
 * a sole trader (812235133, whose `denomination` is the person's name), one with neither SIREN nor SIRET.
 */
export const QUALIOPI_DEMO = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../ingest/fr-qualiopi/demo/qualiopi.csv',
);

/** The sole trader's name and address as the row publishes them: never logged, never served. */
export const SOLE_TRADER_ROW_VALUES = [
  'DUPONT JEANNE',
  'DUPONT',
  '12 RUE DES LILAS',
  'LILAS',
  'VINCENNES',
  '94300',
];
