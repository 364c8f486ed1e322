import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** The INPI's Registre national des entreprises (RNE), read live for the French profile's `dirigeants`. */
export const FR_RNE_REGISTER = 'fr.rne';

/**
 * One officer as the RNE's parser keeps it, and as `dirigeants[]` serves it. A natural person is its role
 * only: no name, first names, birth date, nationality or address ever enters this record.
 */
export type Dirigeant =
  | ({ type: 'personne_physique' } & DirigeantRole)
  | ({
      type: 'personne_morale';
      /** The legal person's SIREN (9 digits), null when the RNE gives none (a foreign company). */
      siren: string | null;
      denomination: string | null;
    } & DirigeantRole);

interface DirigeantRole {
  /** The RNE's `roleEntreprise` code (`53`), null when not published. */
  code_fonction: string | null;
  /** Its label in the RNE's code list (`Directeur Général`), null for a code the list does not name. */
  fonction: string | null;
  /** The RNE's `actif` flag, null when not published. */
  actif: boolean | null;
  /** The second role (`secondRoleEntreprise`), null when none is published. */
  code_fonction_secondaire: string | null;
  fonction_secondaire: string | null;
}

/**
 * The share capital as the RNE publishes it (`personneMorale.identite.description`): the amount exactly as
 * written (a decimal string, never a float: `170348620.75`), its currency and whether it is variable.
 */
export interface RneCapital {
  /** `montantCapital` as a decimal string with at most two decimals; null when not published. */
  montant: string | null;
  /** `deviseCapital` (`EUR`), null when not published. */
  devise: string | null;
  /** `capitalVariable`, null when not published. */
  variable: boolean | null;
}

/** One capital event of the RNE's `historique[]` (`15M` Modification du capital social): its dates, no amount. */
export interface RneCapitalEvent {
  code: string;
  libelle: string | null;
  /** `dateEffet`, as a date (`YYYY-MM-DD`, the RNE's own day), null when not published. */
  date_effet: string | null;
  /** `dateIntegration`, when the RNE recorded it (UTC ISO 8601), null when not published. */
  date_integration: string | null;
  /** The filing (`numeroLiasse`) that carried it, null when not published. */
  numero_liasse: string | null;
}

/**
 * What a `LiveRecordObserved` of `GET /api/companies/{siren}` keeps (the raw body is only hashed): the
 * officers, stripped of every natural person's data, or why there are none to serve; and the share capital
 * with its dated changes (`capital`: null for a sole trader, a 404 or a company not disclosable).
 */
export interface RneDirigeantsRecord {
  kind: 'fr-rne-dirigeants';
  siren: string;
  /** False: the RNE answered 404, it holds no such company. */
  connu: boolean;
  /** The RNE marks the company not disclosable (`diffusionINSEE` other than `O`): nothing is kept. */
  non_diffusible: boolean;
  dirigeants: Dirigeant[];
  /** Absent from observations kept by an earlier parser: the RNE is asked again (see the reader). */
  capital: RneCapital | null;
  evenements_capital: RneCapitalEvent[];
}

/** How the French profile reads the RNE: built by ingest/fr-rne, wired by the app (HandlerDeps.live.french). */
export interface RneReader {
  readonly register: string;
  /**
   * The company's officers: an observation younger than the register's maximum age is served again from the
   * read table; otherwise the RNE is asked and its answer appended to the log first. Throws
   * `LiveUnavailableError` when the RNE cannot answer usably.
   */
  dirigeants(siren: string): Promise<{ record: RneDirigeantsRecord; observation: LiveObservation }>;
  /**
   * The company's public filings (`GET /api/companies/{siren}/attachments`), served again from the read table
   * for `maxAgeMs`; the ids it marks deleted are purged from the bytes cache and recorded (RneDocumentDeleted).
   */
  documents(siren: string): Promise<{ record: RneDocumentsRecord; observation: LiveObservation }>;
  /**
   * Both of the above asked side by side, their observations appended together (the capital route reads
   * both): throws as `dirigeants` does; the filings list's own failure is its settled result. With `admit`,
   * the read table is read at once but the RNE is asked only once `admit` has fulfilled: a caller's own check,
   * run beside the read table's, refuses (rejects `admit`) before any of the RNE's quota is spent; the read
   * then rejects with `admit`'s reason.
   */
  dirigeantsEtDocuments(
    siren: string,
    opts?: { admit?: Promise<unknown> },
  ): Promise<{
    dirigeants: { record: RneDirigeantsRecord; observation: LiveObservation };
    documents: PromiseSettledResult<{ record: RneDocumentsRecord; observation: LiveObservation }>;
  }>;
  /**
   * A filing's PDF (`GET /api/{type}/{id}/download`), from the bytes cache while younger than `maxAgeMs`; null
   * when the RNE does not know the id (404). Throws `LiveUnavailableError`: `trop_volumineux` over
   * `maxDocumentBytes`, `illisible` when the answer is not a PDF.
   */
  download(type: RneDocumentType, id: string): Promise<RneDownload | null>;
  /** The largest PDF served (bytes); a larger one is refused, never truncated. */
  readonly maxDocumentBytes: number;
  /** How long an observation is served again without asking the RNE (ms). */
  readonly maxAgeMs: number;
  circuit(): 'closed' | 'open' | 'half-open';
}

/** The two kinds of filing the RNE lists, named as its download paths name them (`/api/actes/{id}/download`). */
export const RNE_DOCUMENT_TYPES = ['actes', 'bilans'] as const;
export type RneDocumentType = (typeof RNE_DOCUMENT_TYPES)[number];

/** One public filing, as `actes[]` serves it. */
export interface RneActe {
  /** The RNE's id (`63df98a28eded29cb31823ee`): the download route's `{id}`. */
  id: string;
  type: 'actes';
  /**
   * An act: the RNE's `libelle`, else its `typeRdd[]` (`typeActe`, with its `decision`) joined. Accounts: what
   * their `typeBilan` says (`C` complete, `S` simplified, `K` consolidated). Null when none is published.
   */
  libelle: string | null;
  date_depot: string | null;
  nom_document: string | null;
}

/** One public set of accounts, as `bilans[]` serves it. */
export interface RneBilan extends Omit<RneActe, 'type'> {
  type: 'bilans';
  date_cloture: string | null;
}

/**
 * What a `LiveRecordObserved` of `GET /api/companies/{siren}/attachments` keeps: the public filings, how many
 * accounts the RNE lists as confidential (never their rows), and the ids it marks deleted.
 */
export interface RneDocumentsRecord {
  kind: 'fr-rne-documents';
  siren: string;
  /** False: the RNE answered 404. */
  connu: boolean;
  /** The company's name on its filings (`denomination`), null when no filing gives one. */
  denomination: string | null;
  actes: RneActe[];
  bilans: RneBilan[];
  /** Accounts listed with a `confidentiality` other than `Public`: counted, not listed. */
  bilans_confidentiels: number;
  /** Filings the RNE lists with `deleted: true`: never served; their cached bytes are purged. */
  supprimes: { type: RneDocumentType; id: string }[];
}

/**
 * A filing the RNE marks deleted: appended when a listing first shows it so, once per document. The bytes kept
 * of it (the live bytes cache) are purged; this event, which holds no byte, is kept.
 */
export const RNE_DOCUMENT_DELETED = 'RneDocumentDeleted';

export interface RneDocumentDeletedData {
  register: typeof FR_RNE_REGISTER;
  siren: string;
  type: RneDocumentType;
  id: string;
  /** When the listing that shows it deleted was read (UTC ISO 8601). */
  observedAt: string;
  /** Cached bytes that were purged (0 when none were kept). */
  purged: number;
}

export const rneDocumentStreamOf = (type: RneDocumentType, id: string) =>
  `${FR_RNE_REGISTER}-document-${type}-${id}`;

/** A filing's PDF as the RNE sent it, and its observation. */
export interface RneDownload {
  bytes: Buffer;
  /** SHA-256 of the bytes as received. */
  sha256: string;
  observation: LiveObservation;
}
