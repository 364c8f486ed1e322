/**
 * What one `registres serve` process does on a database it may share with others (README, "Growing beyond one
 * process"): `api` answers HTTP and never projects; `projector` applies the log to the read tables and answers
 * nothing; `all` does both (the default, one process for everything).
 */
export const SERVICE_ROLES = ['api', 'projector', 'all'] as const;
export type ServiceRole = (typeof SERVICE_ROLES)[number];

export const projects = (role: ServiceRole) => role !== 'api';
export const answers = (role: ServiceRole) => role !== 'projector';
