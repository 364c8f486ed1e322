/**
 * Slovakia's register of legal persons (RPO, Štatistický úrad SR), queried live: its answers enter the log as
 * `LiveRecordObserved` (liveEvents.ts), whose `record` is a profile record or a search's ids.
 */
export const SK_RPO_REGISTER = 'sk.rpo';
