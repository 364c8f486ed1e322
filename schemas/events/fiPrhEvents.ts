/**
 * Finland's trade register (PRH, YTJ open data API v3), queried live: its answers enter the log as
 * `LiveRecordObserved` (liveEvents.ts), whose `record` is a profile or a search record.
 */
export const FI_PRH_REGISTER = 'fi.prh';
