/**
 * A country whose entities may be watched: a register of it records changes (a local copy's passes write
 * `EntityChanged`/`EntityDropped`, a live register's observations are compared), and how its identifier is
 * written. Derived from the register manifests by the composition root (app/server/watchableCountries.ts).
 */
export interface WatchableCountry {
  pays: string;
  /** The register codes whose events name the country's entities. */
  registres: string[];
  idPattern: RegExp;
  idCheck?: (id: string) => boolean;
  canonicalId?: (id: string) => string;
  idDescription: string;
}

/** France: a SIREN, watched on Sirene (stock and updates) and the BODACC. */
export const FRANCE = 'FR';
