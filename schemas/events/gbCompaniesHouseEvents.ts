/**
 * The United Kingdom's register of companies (Companies House public data API), queried live: its answers
 * enter the log as `LiveRecordObserved` (liveEvents.ts), whose `record` is a profile record
 * (`kind: 'eu-profil'`) or a search record (`kind: 'eu-recherche'`).
 */
export const GB_COMPANIES_HOUSE_REGISTER = 'gb.companies-house';
