/**
 * What a sanctions screening is asked and answers: the KYB route (api/routes/kyb/) and the read models of
 * the sanctions lists (projections/eu-fsf/, projections/fr-gels/) agree on these.
 */

/** A legal person to screen: the company, one of its legal-person officers, one of its parents. */
export interface SanctionsCandidate {
  nom: string;
  identifiants?: {
    siren?: string | null;
    lei?: string | null;
    rna?: string | null;
    /** Any other registration or tax number (a foreign register's number, an INN, an OGRN…). */
    autres?: readonly string[] | null;
  };
}

/** How a hit was found: an identifier the list publishes (the surer), or the normalised name or alias. */
export const SANCTIONS_MATCH_METHODS = ['identifiant', 'nom_exact_normalise'] as const;
export type SanctionsMatchMethod = (typeof SANCTIONS_MATCH_METHODS)[number];

/** One listed legal person a candidate matches. */
export interface SanctionsHit {
  /** The list's register code (`eu.fsf`, `fr.gels`). */
  liste: string;
  /** The list's own reference of the entry (`EU.3523.13`; the register's `IdRegistre`). */
  entree: string;
  /** The entry's name as the list publishes it. */
  nom_liste: string;
  methode: SanctionsMatchMethod;
  /** The listed name or alias that matched, as published; for an identifier, the number as asked. */
  valeur_rapprochee: string;
  /** Rank of the candidate in the question (from 0). */
  candidat: number;
  /** The date of the list's version the hit was read in (YYYY-MM-DD). */
  date_liste: string | null;
}

/** The version of a list a screening read (for provenance). */
export interface SanctionsListVersion {
  liste: string;
  version: string | null;
  date: string | null;
  sha256: string | null;
}

export interface SanctionsScreening {
  resultats: SanctionsHit[];
  listes: SanctionsListVersion[];
}
