/**
 * Slovakia's register of financial statements (RÚZ, Ministerstvo financií SR), queried live: its answers enter
 * the log as `LiveRecordObserved` (liveEvents.ts), whose `record` is the unit, statement, report or template
 * as the accounts routes need it (ingest/sk-ruz/ruzRecords.ts).
 */
export const SK_RUZ_REGISTER = 'sk.ruz';
