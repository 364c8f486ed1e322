/**
 * Czechia's ARES, queried live: its answers enter the log as `LiveRecordObserved` (liveEvents.ts), whose
 * `record` is a profile record (`kind: 'eu-profil'`) or a search record (`kind: 'eu-recherche'`).
 */
export const CZ_ARES_REGISTER = 'cz.ares';
