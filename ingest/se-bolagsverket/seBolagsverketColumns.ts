import type { ColumnSpec } from '../core/filesPass.ts';

/** The header of `bolagsverket_bulkfil.txt`, verbatim from Bolagsverket's field table (FORMATS-EXTRA.md §1a). */
export const BOLAGSVERKET_FIELDS = [
  'organisationsidentitet',
  'namnskyddslopnummer',
  'registreringsland',
  'organisationsnamn',
  'organisationsform',
  'avregistreringsdatum',
  'avregistreringsorsak',
  'pagandeAvvecklingsEllerOmstruktureringsforfarande',
  'registreringsdatum',
  'verksamhetsbeskrivning',
  'postadress',
] as const;

export const BOLAGSVERKET_COLUMNS: ColumnSpec = {
  required: ['organisationsidentitet', 'organisationsnamn', 'organisationsform'],
  known: BOLAGSVERKET_FIELDS,
};
