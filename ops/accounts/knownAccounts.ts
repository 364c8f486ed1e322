import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { EventStore } from '../eventstore/port.ts';
import type { AccountState } from './accountState.ts';
import { loadAccount } from './loadAccount.ts';

/**
 * The last state this process knows of each account, kept current by its own appends (`remember`). Another
 * writer (a second server, `keys credit`) makes it stale: an append then conflicts on the stream version and
 * is computed again on a `fresh` load, and a refusal is only given after a load that started once the refused
 * request had arrived (`freshSince`) confirms it.
 */
export function createKnownAccounts(knex: Knex, store: EventStore, max = 10_000) {
  const known = new LRUCache<string, AccountState>({ max });
  /** When (performance.now()) the load behind each known state started: the database was read after that. */
  const loadedAt = new LRUCache<string, number>({ max });
  /** The newest load in flight per account, and when it started. */
  const loading = new Map<string, { startedAt: number; state: Promise<AccountState | null> }>();

  const load = async (accountId: string, startedAt: number) => {
    const state = await loadAccount(knex, store, accountId);
    // A load that raced with one of our own appends must not put an older state back.
    const mine = known.get(accountId);
    if (state && (!mine || state.version >= mine.version)) known.set(accountId, state);
    if (state && startedAt > (loadedAt.get(accountId) ?? Number.NEGATIVE_INFINITY)) {
      loadedAt.set(accountId, startedAt);
    }
    return state && mine && mine.version > state.version ? mine : state;
  };
  const fresh = (accountId: string): Promise<AccountState | null> => {
    const startedAt = performance.now();
    const state = load(accountId, startedAt);
    const flight = { startedAt, state };
    loading.set(accountId, flight);
    const done = () => {
      if (loading.get(accountId) === flight) loading.delete(accountId);
    };
    state.then(done, done);
    return state;
  };
  /**
   * A state read from the database at or after `since` (performance.now()): the known one when the load behind
   * it started then or later, else the load in flight that did, else a new load. Refusals of one account that
   * arrive together are so confirmed by one read, instead of one each under the account's lock. (Own appends
   * only move a known state forward, so a known state is at least as new as its load.)
   */
  const freshSince = (accountId: string, since: number): Promise<AccountState | null> => {
    const state = known.get(accountId);
    if (state && (loadedAt.get(accountId) ?? Number.NEGATIVE_INFINITY) >= since)
      return Promise.resolve(state);
    const flight = loading.get(accountId);
    if (flight && flight.startedAt >= since) return flight.state;
    return fresh(accountId);
  };
  return {
    /** Loads the account from the database (null: no such account). */
    fresh,
    freshSince,
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
