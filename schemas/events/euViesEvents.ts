import type { NomNonServi } from '../enums/nomNonServi.ts';
import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** The European Commission's VIES (VAT Information Exchange System), read live to check an EU VAT number. */
export const EU_VIES_REGISTER = 'eu.vies';

/**
 * What a `LiveRecordObserved` of a VIES check keeps: the verdict, the date and consultation number VIES gave,
 * and the trader's name and address only when the question said they may be kept (`nom_non_servi` otherwise):
 * a natural person's name never enters the log.
 */
export interface ViesCheckRecord {
  kind: 'eu-vies-check';
  /** The VIES member-state code asked (`LV`, `EL`, `XI`). */
  pays: string;
  /** The number asked, without its prefix. */
  numero: string;
  valide: boolean;
  nom: string | null;
  adresse: string | null;
  nom_non_servi: NomNonServi | null;
  /** VIES's `requestDate` as published. */
  date_demande: string | null;
  /** VIES's `requestIdentifier` (the consultation number), null when it gave none (no requester). */
  identifiant_consultation: string | null;
}

/** How a name VIES may return is to be kept: by its legal-form token alone, or kept (a register vouched). */
export type ViesNamePolicy = 'jeton_forme_juridique' | 'personne_morale_verifiee';

/** How the routes read VIES: built by ingest/eu-vies, wired by the app (HandlerDeps.live.french['eu.vies']). */
export interface ViesReader {
  readonly register: string;
  /** Whether this server asks with a requester VAT number (VIES then returns a consultation number). */
  readonly withRequester: boolean;
  /**
   * Checks one number (prefix apart): VIES is asked (a member state throttling the first call is asked once
   * more) and its answer appended to the log first. Throws `LiveUnavailableError` when VIES or the member
   * state cannot answer: never an "invalid".
   */
  check(
    memberState: string,
    number: string,
    names: ViesNamePolicy,
  ): Promise<{ record: ViesCheckRecord; observation: LiveObservation }>;
  circuit(): 'closed' | 'open' | 'half-open';
}
