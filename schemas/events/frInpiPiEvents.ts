/**
 * The contract between the INPI industrial-property ingester and the projections that read it. The upstream
 * is INPI's open industrial-property data (« données de propriété industrielle », data.inpi.fr, its FTP and
 * API PI), XML:
 *
 * - trademarks, WIPO ST.66 with INPI's `fr-` extensions: one `TradeMark` element per mark, many of them in a
 *   weekly file (`FR_FRNEWST66_<YYYY-WW>.xml` in `FR_FRST66_<YYYY-WW>.zip`), or one per notice of the API;
 * - patents, INPI's ST.36-like `fr-patent-document`, one per file, many files in an archive.
 *
 * INPI also publishes designs (dessins et modèles, WIPO ST.86), but no real record of INPI's design layout
 * was found: designs are not read, and the block serves their count as null (not published here).
 *
 * Entity events (`register` = `fr.inpi-pi`):
 *
 * - kind `marque`, id `<RegistrationOfficeCode><ApplicationNumber>` (`FR5189659`);
 * - kind `brevet`, id the patent application's number (`fr-patent-document/@id`, `9307182`): a patent is
 *   counted once whatever the number of its publications (A1, B1);
 * - `record`: a few bibliographic members and the holders' SIRENs, never a person: no inventor, no
 *   representative or agent, no holder's name or address is read. A holder that is a natural person
 *   (ST.66 `PersonType="PP"`; in a patent, an address book with a first name) is counted, never identified.
 */
export const FR_INPI_PI_REGISTER = 'fr.inpi-pi';
export const INPI_MARQUE = 'marque';
export const INPI_BREVET = 'brevet';

/**
 * Days after which a copy is no longer served: INPI publishes trademarks and patents every week; two missed
 * weeks are tolerated.
 */
export const FR_INPI_PI_FRESHNESS_DAYS = 14;

/**
 * Whose SIRENs the record carries: the current holders INPI publishes (`fr-CurrentHolder` of a mark,
 * `fr-owner` of a patent, after the transfers it records), else the applicants (`Applicant`, `applicant`).
 */
export type InpiHoldersFrom = 'fr-CurrentHolder' | 'Applicant' | 'fr-owner' | 'applicant';

/** The holders of a title as the event carries them: SIRENs only. */
export interface InpiHolders {
  /** The 9-digit SIRENs (Luhn-valid) of the holders that are legal persons, in document order, no repeat. */
  HolderSirens: string[];
  /** Holders without a usable SIREN: a natural person, a foreign company, an identifier not a SIREN. */
  HoldersUnidentified: number;
  HoldersFrom: InpiHoldersFrom | null;
}

/** A trademark: ST.66 element names, values as published. */
export interface InpiTrademarkRecord extends InpiHolders {
  RegistrationOfficeCode: string | null;
  ApplicationNumber: string;
  ApplicationDate: string | null;
  ExpiryDate: string | null;
  /** INPI's status label as published (`Marque enregistrée`, `Marque expirée`, `Demande publiée`...). */
  MarkCurrentStatusCode: string | null;
  /** `Word`, `Figurative`... */
  MarkFeature: string | null;
  /** The mark's words (`WordMarkSpecification/MarkVerbalElementText`); null for a mark without words. */
  MarkVerbalElementText: string | null;
}

/** A patent: the attributes and members of `fr-patent-document` kept, values as published. */
export interface InpiPatentRecord extends InpiHolders {
  /** `@id`: the application's number. */
  id: string;
  /** `@doc-number`: the publication's number. */
  'doc-number': string | null;
  /** `@kind` (`A1` application, `B1` patent granted...). */
  kind: string | null;
  /** `@status` (`NEW`, `AMENDED`, `INSCRI`...). */
  status: string | null;
  /** `application-reference/document-id/date`, made `YYYY-MM-DD`. */
  'application-date': string | null;
  'invention-title': string | null;
}

export function frInpiPiStreamOf(row: { kind: string; id: string }): string {
  return `${FR_INPI_PI_REGISTER}-${row.kind}-${row.id}`;
}
