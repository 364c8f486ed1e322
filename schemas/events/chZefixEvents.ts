/**
 * Switzerland's central business name index (Zefix PublicREST, Federal Office of Justice / EHRA), queried live
 * with credentials: its answers enter the log as `LiveRecordObserved` (liveEvents.ts), whose `record` is a
 * profile or a search record.
 */
export const CH_ZEFIX_REGISTER = 'ch.zefix';
