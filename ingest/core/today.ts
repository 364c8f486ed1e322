/** Today's date in UTC, YYYY-MM-DD: the snapshot date of demo data, which must look fresh. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);
