import type { Knex } from 'knex';
import type { RegisterInfo } from '../../../schemas/registerInfo.ts';
import type { SanctionsMatchMethod } from '../../../schemas/sanctions/sanctionsScreening.ts';
import type { BlockReading } from '../entreprise/blockReading.ts';

/** Who is screened: the company itself, a legal-person officer (RNE) or a parent (GLEIF). */
export type QualiteCible = 'entreprise' | 'dirigeant' | 'mere_directe' | 'mere_ultime';

/** One legal person screened against the sanctions lists. Natural persons are never screened nor named. */
export interface ScreeningCandidate {
  qualite: QualiteCible;
  denomination: string | null;
  siren: string | null;
  lei: string | null;
}

/** One match of a candidate on a list: the list's own entry, and how it matched. */
export interface ScreeningHit {
  qualite: QualiteCible;
  /** The candidate's name as we hold it. */
  cible: string | null;
  siren: string | null;
  lei: string | null;
  /** The list's register code. */
  liste: string;
  /** The entry's id on that list (its own reference). */
  entree: string;
  /** The entry's name as the list publishes it. */
  nom_liste: string;
  /** How it matched: by an identifier the list publishes, or by the normalised name or alias. */
  methode: SanctionsMatchMethod;
  /** The listed name or alias that matched, as published; for an identifier, the number as asked. */
  valeur_rapprochee: string;
  /** The date of the list's version the hit was read in (YYYY-MM-DD). */
  date_liste: string | null;
}

/** A list screened: its register code, name and the version (publication) read. */
export interface ScreenedList {
  registre: string;
  nom: string;
  version: string;
  date_publication: string | null;
  /** SHA-256 of the list's file as published. */
  empreinte_sha256: string | null;
}

export interface SanctionsScreening {
  listes: ScreenedList[];
  hits: ScreeningHit[];
}

/**
 * Screens legal persons against every sanctions list the service holds: the lists read (with their versions,
 * for provenance) and the hits; absent (`copie_indisponible`) when a list has no usable copy, never an
 * empty result in place of a screening that did not happen.
 */
export type SanctionsScreen = (
  knex: Knex,
  candidates: readonly ScreeningCandidate[],
  registers: readonly RegisterInfo[],
) => Promise<BlockReading<SanctionsScreening>>;
