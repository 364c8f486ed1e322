/**
 * What one `registres serve` process does on a database it may share with others (README, "Growing beyond one
 * process"): `api` answers HTTP and never projects; `projector` applies the log to the read tables and answers
 * nothing; `all` does both (the default, one process for everything); `notifier` delivers the watches' webhooks
 * (app/notifier/notifier.ts), answering nothing and projecting nothing.
 */
export const SERVICE_ROLES = ['api', 'projector', 'all', 'notifier'] as const;
export type ServiceRole = (typeof SERVICE_ROLES)[number];

export const projects = (role: ServiceRole) => role === 'projector' || role === 'all';
export const answers = (role: ServiceRole) => role === 'api' || role === 'all';
export const notifies = (role: ServiceRole) => role === 'notifier';
