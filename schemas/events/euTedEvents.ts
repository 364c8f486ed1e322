/**
 * The contract between the TED ingester and the projections that read it. The upstream files are TED
 * (Tenders Electronic Daily) award notices as XML: eForms UBL `ContractAwardNotice` (since late 2023) and the
 * older TED XML R2.0.9 `TED_EXPORT` forms with an `AWARD_CONTRACT` (F03, F06, F15, F25…). Entity events:
 *
 * - `register` = `eu.ted`, `kind` = `avis`;
 * - `id` = the notice's publication number (`00251823-2024`, `404080-2018`);
 * - `record` = what the notice publishes of its awards, read through the official chain (eForms: lot result →
 *   settled contract → winning tender → tendering party → organisation; R2.0.9: `AWARDED_CONTRACT/CONTRACTORS`
 *   of the `ORIGINAL` form), under the source's element names. A winner is kept as its published identifier
 *   (`CompanyID`, `NATIONALID`) and country only: no winner's name, contact or beneficial owner is ever read
 *   into the log (a winner may be a natural person, a "Freelance translator"). Amounts are kept as their
 *   published text (`-1`: withheld);
 * - only notices naming at least one French winner (country `FRA`/`FR`) enter the log;
 * - every notice goes to its own stream `eu.ted-<publication number>`.
 */
export const EU_TED_REGISTER = 'eu.ted';
export const TED_AVIS = 'avis';

/**
 * Days after which a copy is no longer served: TED publishes an issue each working day (Monday to Friday),
 * a week of missed packages is tolerated.
 */
export const EU_TED_FRESHNESS_DAYS = 7;

/** One winner of an award: its identifier and country as published, never its name. */
export interface TedWinner {
  /** `cbc:CompanyID` (eForms BT-501) or `NATIONALID` (R2.0.9), trimmed; null when not published. */
  CompanyID: string | null;
  /** `cbc:IdentificationCode` (eForms, `FRA`) or `COUNTRY/@VALUE` (R2.0.9, `FR`). */
  Country: string | null;
}

/** One award of a notice: a settled contract and its winning tender (eForms), an `AWARD_CONTRACT` (R2.0.9). */
export interface TedAward {
  /** The lot's identifier (`LOT-0001`, R2.0.9 `LOT_NO`); null when the notice has no lots. */
  LotID: string | null;
  /** The contract's reference (`efac:ContractReference/cbc:ID`, `CONTRACT_NO`), else its technical id. */
  ContractID: string | null;
  Title: string | null;
  /** The winning tender's `PayableAmount` (R2.0.9 `VAL_TOTAL`) as published; `-1` is a withheld value. */
  Amount: string | null;
  Currency: string | null;
  /** The winners of the tender: several when it was awarded to a group. */
  Winners: TedWinner[];
}

/** A notice as the event carries it. */
export interface TedRecord {
  /** `eforms` or `R2.0.9`. */
  Format: string;
  /** eForms `NoticeTypeCode` (`can-standard`), R2.0.9 form (`F06`). */
  NoticeType: string | null;
  /** YYYY-MM-DD. */
  PublicationDate: string | null;
  Title: string | null;
  /** The buyer's official name (a public body). */
  BuyerName: string | null;
  /** The main CPV code. */
  MainCPV: string | null;
  Awards: TedAward[];
}

export function euTedStreamOf(row: { kind: string; id: string }): string {
  return `${EU_TED_REGISTER}-${row.id}`;
}
