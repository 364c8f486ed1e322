/**
 * A European register held as a dated local copy, in its unified-profile table. Each European register's
 * manifest declares one (app/registers/); the shared European routes and searches are built from the list.
 */
export interface EuLocalCopy {
  pays: string;
  register: string;
  projection: string;
  table: string;
  /** The national identifier's format, checked before any lookup. */
  idPattern: RegExp;
  idDescription: string;
  /** The identifier's format in a few words, for the texts that list the countries (`9 chiffres`). */
  idLabel: string;
}
