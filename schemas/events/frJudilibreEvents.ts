import type {
  ConfianceRattachement,
  ModeRattachement,
  NatureContentieux,
  RoleContentieux,
} from '../enums/contentieux.ts';
import type { LiveObservation } from '../europe/euLiveRegister.ts';

/** Judilibre, the Cour de cassation's open-data API of court decisions, read live through PISTE. */
export const FR_JUDILIBRE_REGISTER = 'fr.judilibre';

/**
 * What a `LiveRecordObserved` of `GET /search` keeps: the decisions' ids, in Judilibre's order, and the total it
 * announced. No highlight (extracts of the text) is kept.
 */
export interface JudilibreSearchRecord {
  kind: 'fr-judilibre-recherche';
  /** Judilibre's `total`: every match, beyond the page read. */
  total: number;
  ids: string[];
}

/** How a decision is tied to the company asked (`null` on the record: not tied). */
export interface JudilibreTie {
  mode_rattachement: ModeRattachement;
  confiance: ConfianceRattachement;
  role: RoleContentieux | null;
}

/**
 * What a `LiveRecordObserved` of `GET /decision` keeps: what the route serves, and nothing else. The text was
 * read to decide the tie and the nature, then dropped: no text, zone, highlight, party name or amount is kept.
 */
export interface JudilibreDecisionRecord {
  kind: 'fr-judilibre-decision';
  id_judilibre: string;
  /** `decision_date` (`YYYY-MM-DD`), null when not published. */
  date: string | null;
  /** The court as Judilibre names it (`location`, else `jurisdiction`). */
  juridiction: string | null;
  nature: NatureContentieux;
  /** The company asked (from the question's `query`): its SIREN, and the tie found, or null. */
  siren: string;
  rattachement: JudilibreTie | null;
  /** Other SIRENs written in the text as a company's (SIREN, SIRET, RCS), Luhn-valid, sorted. */
  autres_sirens: string[];
}

/** One decision the route serves, with the observation it was read from. */
export interface JudilibreDecisionRead {
  record: JudilibreDecisionRecord;
  observation: LiveObservation;
}

/** What the reader answers for a company: the decisions tied to it, and how much of the search was read. */
export interface JudilibreContentieux {
  decisions: JudilibreDecisionRead[];
  /** The searches' observations (by SIREN, by name). */
  searches: LiveObservation[];
  /** Decisions matched by Judilibre beyond those read (the searches' totals exceed the pages read). */
  tronque: boolean;
}

/** How the contentieux route reads Judilibre: built by ingest/fr-judilibre, wired by the app. */
export interface JudilibreReader {
  readonly register: string;
  /**
   * The decisions tied to the company: Judilibre searched by its SIREN and by its name, each decision found read
   * (`/decision`) to decide the tie and the nature. Throws `LiveUnavailableError` when Judilibre cannot answer
   * usably: never an empty list for an outage.
   */
  contentieux(company: { siren: string; denomination: string | null }): Promise<JudilibreContentieux>;
  readonly maxAgeMs: number;
  circuit(): 'closed' | 'open' | 'half-open';
}
