import type { IssuedKey, RevokeResult } from '../../ops/accounts/accountKeys.ts';
import type { DayUsage } from '../../ops/accounts/dailyUsage.ts';
import type { AccountCall } from '../../ops/accounts/recentCalls.ts';
import type { AccountReader } from './accountRoute.ts';

/** What the account pages do with accounts: what `GET /v1/compte` reads, plus opening and keys. */
export interface AccountDesk extends AccountReader {
  /** A new account with no credits, and its first key (shown once). */
  open(): Promise<{ accountId: string; key: string; keyHash: string }>;
  /** Its last charged calls, newest first. */
  recentCalls(accountId: string): Promise<AccountCall[]>;
  /** Calls and credits per UTC day over the last 30 days, today last. */
  dailyUsage(accountId: string): Promise<DayUsage[]>;
  /** Another key for the account (it opens the account at once); null when the account does not exist. */
  issueKey(accountId: string): Promise<IssuedKey | null>;
  /** Revokes one of its keys (the next call presenting it is unkeyed); never its last active key. */
  revokeKey(accountId: string, keyHash: string): Promise<RevokeResult>;
}
