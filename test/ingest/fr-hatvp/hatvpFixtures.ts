import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/fr-hatvp');

/**
 * Three real publications of the register, laid out as `agora_repertoire_opendata.json` lays them out
 * (SOURCE.txt): ESTIA (SIREN 824457675, 4 exercises, 2 activities), ECOLOGIC (SIREN 487741969, its address not
 * published) and LE CERCLE AUTOMOBILE (HATVP number H462578295). They name their dirigeants and collaborateurs.
 */
export const HATVP_EXCERPT = path.join(FIXTURES, 'agora_repertoire_excerpt.json');

/** The one verbatim fragment of the open data file found: KASPERSKY LAB FRANCE, without its identifier (SOURCE.txt). */
export const HATVP_KASPERSKY_FRAGMENT = path.join(FIXTURES, 'kaspersky_fragment.json');

/** Persons the fixtures name (and the officials and third parties of their actions): never logged nor served. */
export const HATVP_PERSONS = [
  'GARRETA',
  'André',
  'ELISSALDE',
  'Patxi',
  'LAVIEILLE',
  'PERRIER',
  'René-Louis',
  'ABLIN',
  'Michael',
  'DE COATPONT',
  'TRASTOUR',
  'DECHOUX',
  'arnaud.dechoux@kaspersky.com',
  'Député ; sénateur',
  '(en propre)',
];

/** The members that carry those persons: never logged (the answer's note may name them, as words). */
export const HATVP_PERSON_MEMBERS = [
  'dirigeants',
  'collaborateurs',
  'reponsablesPublics',
  'tiers',
  'emailDeContact',
];
