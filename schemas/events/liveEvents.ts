/**
 * A live register's answer, appended to the log before it is served (DESIGN.md, Events): what was asked
 * (the URL without credentials), what came back (status, SHA-256 of the raw body, the parsed record) and
 * when. A live answer is then provable and replayable like a file.
 */
export const LIVE_RECORD_OBSERVED = 'LiveRecordObserved';

export interface LiveRecordObservedData {
  register: string;
  /** The URL asked, credentials never included (they travel in headers). */
  url: string;
  /** A question sent as a JSON body (a search by POST): the method and that body. Absent: a GET. */
  method?: 'POST';
  requestBody?: unknown;
  status: number;
  /** UTC ISO 8601. */
  observedAt: string;
  bodySha256: string;
  /**
   * What the register's parser kept of the body (no natural person's data), or the body as published,
   * parsed, for a register without one; null when the answer had none (a 404 without body).
   */
  record: unknown;
}

/** One stream per register and URL: every observation of the same question, in order. */
export const liveStreamOf = (register: string, urlSha256: string) =>
  `${register}-live-${urlSha256.slice(0, 32)}`;
