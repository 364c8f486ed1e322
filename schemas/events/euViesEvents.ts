import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** The European Commission's VIES (VAT Information Exchange System), read live to check an EU VAT number. */
export const EU_VIES_REGISTER = 'eu.vies';

/**
 * Why a name (and address) VIES returned is not kept: a closed list, served as `nom_non_servi`.
 * - `personne_physique`: the register we hold says the trader is a natural person (a French sole trader,
 *   legal category 1000; a Belgian natural-person enterprise);
 * - `personne_physique_possible`: nothing shows a legal person (no legal-form token in the name, and no
 *   register of ours that says so), so it may be a natural person's;
 * - `identite_non_verifiable`: the company register we hold does not know the trader, or restricts its
 *   diffusion (a French SIREN unknown to our Sirene copy or under restricted diffusion);
 * - `non_publie`: VIES withholds it (`---` or empty), as several member states do.
 */
export const NOM_NON_SERVI = [
  'personne_physique',
  'personne_physique_possible',
  'identite_non_verifiable',
  'non_publie',
] as const;

export type NomNonServi = (typeof NOM_NON_SERVI)[number];

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
