import path from 'node:path';
import { demoDirOf } from '../../../ops/sourceRoot.ts';

/**
 * The demo excerpt of a real Géorisques export (ingest/fr-icpe/demo/SOURCE.txt): seven installations of the
 * Gironde export of 2026-04-08, among them four of VERMILION REP SAS, one of LA POSTE and one named after a person.
 */
export const ICPE_GIRONDE_EXCERPT = path.join(demoDirOf('fr-icpe'), 'icpe_gironde_excerpt.zip');

/** A real line of the export that names a natural person, and its street address: never logged nor served. */
export const ICPE_PERSON = {
  codeAiot: '0100035050',
  siren: '480337849',
  siret: '48033784900024',
  name: ['MARCQ', 'Marcq', 'GABRIEL', 'Gabriel'],
  address: ['Uchamp', 'UCHAMP'],
};
