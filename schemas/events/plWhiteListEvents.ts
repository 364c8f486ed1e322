import { createHash } from 'node:crypto';
import type { NomNonServi } from '../enums/nomNonServi.ts';
import type { LiveObservation } from '../europe/euLiveRegister.ts';

/**
 * Poland's VAT taxpayers' list ("biała lista", Wykaz podatników VAT, API Rejestr WL of the Ministry of
 * Finance), read live by NIP: VAT status and the bank accounts the taxpayer declared.
 */
export const PL_WHITE_LIST_REGISTER = 'pl.wl';

/**
 * What a `LiveRecordObserved` of a white-list search by NIP keeps. The name is kept only when the subject is a
 * legal person (a KRS number, or a legal-form token in the name); a natural person's name, PESEL, addresses and
 * representatives never enter the log. The declared accounts are kept as SHA-256 digests of their 26 digits
 * (NRB): enough to answer "is this account on the list", never a list of someone's accounts.
 */
export interface WhiteListSubjectRecord {
  kind: 'pl-wl-subject';
  nip: string;
  /** The list holds a subject for that NIP on the day asked. */
  trouve: boolean;
  nom: string | null;
  nom_non_servi: NomNonServi | null;
  /** `statusVat` verbatim (`Czynny`, `Zwolniony`, `Niezarejestrowany`), null when not found. */
  statut_vat: string | null;
  krs: string | null;
  /** SHA-256 (hex) of each declared account number (26 digits). */
  comptes_sha256: string[];
  /** The ministry's `requestId`: the proof of the question. */
  identifiant_requete: string | null;
  /** The ministry's `requestDateTime` verbatim (`18-02-2024 14:41:05`), null when absent. */
  date_requete: string | null;
}

/** How the routes read the white list: built by ingest/pl-wl, wired by the app. */
export interface WhiteListReader {
  readonly register: string;
  /**
   * The subject of one NIP on the day `date` (YYYY-MM-DD); the answer is appended to the log first. Throws
   * `LiveUnavailableError` when the list cannot answer: never "not on the list".
   */
  subject(
    nip: string,
    date: string,
  ): Promise<{ record: WhiteListSubjectRecord; observation: LiveObservation }>;
  circuit(): 'closed' | 'open' | 'half-open';
}

/** SHA-256 (hex) of an account number's 26 digits (NRB): how the log keeps a declared account. */
export const accountDigest = (nrb: string): string => createHash('sha256').update(nrb).digest('hex');
