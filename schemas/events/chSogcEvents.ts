/**
 * The Swiss Official Gazette of Commerce (SOGC / SHAB / FOSC, SECO, served by the Amtsblattportal), queried
 * live: its answers enter the log as `LiveRecordObserved` (liveEvents.ts), whose `record` is a list of a
 * company's publications without their free text (ingest/ch-sogc/sogcPublications.ts).
 */
export const CH_SOGC_REGISTER = 'ch.sogc';
