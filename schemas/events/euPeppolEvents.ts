import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** The Peppol Directory (OpenPeppol), read live: is a participant published, and which documents it receives. */
export const EU_PEPPOL_REGISTER = 'eu.peppol';

/**
 * What a `LiveRecordObserved` of a Peppol Directory question keeps: whether the participant is published, its
 * registered business name, country and the document types it receives. The directory's `contact` block (the
 * only personal data it holds) never enters the log.
 */
export interface PeppolParticipantRecord {
  kind: 'eu-peppol-participant';
  /** The participant asked, `scheme::value` (`iso6523-actorid-upis::0208:0403170701`). */
  participant: string;
  /**
   * Published in the directory. False says only "not found in the directory": publication is voluntary, so a
   * participant may be on the network without being listed.
   */
  publie: boolean;
  /** The participant id as the directory gives it (`0208:0403170701`), null when not published. */
  identifiant: string | null;
  /** The first business name published for it. */
  nom_enregistre: string | null;
  pays: string | null;
  /** Document type identifiers it receives, `scheme::value` as published. */
  documents: string[];
}

/** How the routes read the Peppol Directory: built by ingest/eu-peppol, wired by the app. */
export interface PeppolReader {
  readonly register: string;
  /**
   * Looks one participant up (`0208:<KBO number>`); the answer is appended to the log first. Throws
   * `LiveUnavailableError` when the directory cannot answer: never "not published".
   */
  participant(id: string): Promise<{ record: PeppolParticipantRecord; observation: LiveObservation }>;
  circuit(): 'closed' | 'open' | 'half-open';
}
