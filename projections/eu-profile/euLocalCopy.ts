import type { Knex } from 'knex';

/**
 * A European register held as a dated local copy, in its unified-profile table. Each European register's
 * manifest declares one (app/registers/); the shared European routes and searches are built from the list.
 */
export interface EuLocalCopy {
  pays: string;
  register: string;
  projection: string;
  table: string;
  /**
   * A copy covering every country no national register covers (GLEIF's LEI entities): a row's country is its
   * `pays_adresse`; its `pays` is its dictionary entry's, not a country asked for.
   */
  worldwide?: true;
  /** The national identifier's format, checked before any lookup. */
  idPattern: RegExp;
  /** The identifier's check digit, when it has one (checked after the pattern). */
  idCheck?: (id: string) => boolean;
  /** The identifier as the table keys it, from any spelling the pattern accepts (`RO123…` → `123…`). */
  canonicalId?: (id: string) => string;
  /** A second identifier resolved to the table's key by a lookup (Croatia: an MBS to its OIB). */
  resolveId?: (knex: Knex, id: string) => Promise<string>;
  /** The register's own block of the profile (`registre_hr`), read for the company served. */
  profileBlock?: (knex: Knex, id: string, photo: string | null) => Promise<Record<string, unknown>>;
  idDescription: string;
  /** The identifier's format in a few words, for the texts that list the countries (`9 chiffres`). */
  idLabel: string;
}
