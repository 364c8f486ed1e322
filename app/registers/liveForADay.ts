/** A company's record in a live register changes rarely: an observation is served again for 24 hours. */
export const LIVE_RECORD_MAX_AGE_MS = 24 * 3600_000;

/** The live settings of a register whose observations are served for a day: its public address, a sample id. */
export const liveForADay = (defaultUrl: string, sampleId: string) => ({
  maxAgeMs: LIVE_RECORD_MAX_AGE_MS,
  defaultUrl,
  sampleId,
});
