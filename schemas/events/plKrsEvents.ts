/**
 * Poland's National Court Register (KRS open API), queried live: its answers enter the log as
 * `LiveRecordObserved` (liveEvents.ts), whose `record` is a profile record.
 */
export const PL_KRS_REGISTER = 'pl.krs';
