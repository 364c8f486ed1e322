/**
 * Denmark's Central Business Register (CVR, Erhvervsstyrelsen), queried live through its Elasticsearch
 * distribution: its answers enter the log as `LiveRecordObserved` (liveEvents.ts), whose `record` is a profile
 * record (`kind: 'eu-profil'`) or a search record (`kind: 'eu-recherche'`).
 */
export const DK_CVR_REGISTER = 'dk.cvr';
