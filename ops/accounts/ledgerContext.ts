import type { EventStore } from '../eventstore/port.ts';
import type { Logger } from '../logger.ts';
import type { createAccountAppends } from './accountAppends.ts';
import type { LeasePolicy } from './creditLeases.ts';
import type { createKeyedMutex } from './keyedMutex.ts';
import type { createKnownAccounts } from './knownAccounts.ts';
import type { createProcessHolds } from './processHolds.ts';

/**
 * What the account ledger's steps share (accountLedger.ts): the log, the accounts this process knows, what it
 * holds on them, its queue of appends, the lease policy, and whether it is closing.
 */
export interface LedgerContext {
  store: EventStore;
  logger: Logger;
  freeCallsPerMonth: number;
  now: () => Date;
  /** null: every call charged before its answer (no lease). */
  policy: LeasePolicy | null;
  /** One reserve of an account at a time in this process. */
  withLock: ReturnType<typeof createKeyedMutex>;
  known: ReturnType<typeof createKnownAccounts>;
  holds: ReturnType<typeof createProcessHolds>;
  appends: ReturnType<typeof createAccountAppends>;
  /** Set by `close`: no lease is opened any more. */
  closed: boolean;
  /** Holds taken again after a refused charge: not taken a third time. */
  retried: Set<string>;
}
