import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { EventStore } from '../eventstore/port.ts';
import type { AccountState } from './accountState.ts';
import { loadAccount } from './loadAccount.ts';

/**
 * The last state this process knows of each account, kept current by its own appends (`remember`). Another
 * writer (a second server, `keys credit`) makes it stale: an append then conflicts on the stream version and
 * is computed again on a `fresh` load, and a refusal is only given after a fresh load confirms it.
 */
export function createKnownAccounts(knex: Knex, store: EventStore, max = 10_000) {
  const known = new LRUCache<string, AccountState>({ max });
  const fresh = async (accountId: string) => {
    const state = await loadAccount(knex, store, accountId);
    // A load that raced with one of our own appends must not put an older state back.
    const mine = known.get(accountId);
    if (state && (!mine || state.version >= mine.version)) known.set(accountId, state);
    return state && mine && mine.version > state.version ? mine : state;
  };
  return {
    /** Loads the account from the database (null: no such account). */
    fresh,
    /** The state this process knows, else a fresh load. */
    current: async (accountId: string) => known.get(accountId) ?? fresh(accountId),
    /** The state this process knows, without loading. */
    peek: (accountId: string) => known.get(accountId),
    /** The state this process's own append left. */
    remember: (state: AccountState) => {
      known.set(state.accountId, state);
    },
  };
}
