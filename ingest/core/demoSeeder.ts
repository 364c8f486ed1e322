import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import type { Logger } from '../../ops/logger.ts';

/**
 * Demo data for `npm start` on a fresh clone: small real-format files shipped under
 * `ingest/<register>/demo/`, run through the register's real ingester when the register holds nothing yet.
 */
export interface DemoSeeder {
  register: string;
  description: string;
  /**
   * `snapshotDate`: the date of the pass, for a register whose passes carry one (default: today, so that a
   * fresh clone serves its demo within the register's freshness threshold).
   */
  seed(ctx: { knex: Knex; store: EventStore; logger: Logger; snapshotDate?: string }): Promise<void>;
}
