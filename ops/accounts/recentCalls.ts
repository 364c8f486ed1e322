import type { EventStore } from '../eventstore/port.ts';
import { accountStream, asAccountEvent, type CallChargedData, chargesIn } from './accountEvents.ts';

/** One call an account was charged for (credits or a free call of the month). */
export interface AccountCall {
  requestId: string;
  routeId: string;
  at: string;
  /** Atomic units; 0 for a free call. */
  price: number;
  free: boolean;
  /** HTTP status of the answer; null when the charge was recorded before the status was kept. */
  status: number | null;
}

const paidCall = (d: CallChargedData): AccountCall => ({
  requestId: d.requestId,
  routeId: d.routeId,
  at: d.chargedAt,
  price: d.amount,
  free: false,
  status: d.status ?? null,
});

/**
 * The account's last calls, newest first, read from the tail of its stream: only answered (2xx) calls are
 * charged and so recorded; refused ones cost nothing and leave no trace on the account. Reads at most
 * `scan` events, so an account with a long history costs the same as a new one.
 */
export async function recentCalls(
  store: EventStore,
  accountId: string,
  opts: { limit?: number; scan?: number } = {},
): Promise<AccountCall[]> {
  const limit = opts.limit ?? 20;
  const scan = BigInt(opts.scan ?? 200);
  const stream = accountStream(accountId);
  const version = await store.streamVersion(stream);
  if (version === null) return [];
  const from = version - scan + 1n > 0n ? version - scan + 1n : 0n;
  const events = await store.readStream(stream, { fromVersion: from });
  const calls: AccountCall[] = [];
  for (const event of events.reverse()) {
    const e = asAccountEvent(event);
    if (e?.type !== 'FreeCallUsed') {
      // A charge, or a lease's batch of charges recorded in the order of their answers: newest last.
      const charges = chargesIn([event]);
      for (let i = charges.length - 1; i >= 0 && calls.length < limit; i--) calls.push(paidCall(charges[i]!));
    } else {
      const d = e.data;
      calls.push({
        requestId: d.requestId,
        routeId: d.routeId,
        at: d.usedAt,
        price: 0,
        free: true,
        status: d.status ?? null,
      });
    }
    if (calls.length === limit) break;
  }
  return calls;
}
