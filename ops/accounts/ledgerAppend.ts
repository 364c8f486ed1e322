import type { AccountWork, AppendOutcome } from './accountAppends.ts';
import { accountStream } from './accountEvents.ts';
import type { LedgerContext } from './ledgerContext.ts';
import { workEvents } from './workEvents.ts';

/**
 * Several processes append to one account's stream, each at most one append at a time: a process that lost the
 * race computes its append again on the fresh state. After a lost race it waits a random moment (up to 2^n ms,
 * at most 50) before trying again, so that one process cannot keep losing to the others; eight attempts without
 * waiting were once all lost under a loaded machine (four processes, 400 calls on one key).
 */
const MAX_APPEND_ATTEMPTS = 32;
const conflictPause = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));

/** Appends the work taken from an account's queue, computed again on a fresh state after each lost race. */
export async function appendAccountWork(
  ctx: LedgerContext,
  accountId: string,
  taken: AccountWork,
): Promise<AppendOutcome> {
  const { known, holds } = ctx;
  const stream = accountStream(accountId);
  for (let attempt = 1; attempt <= MAX_APPEND_ATTEMPTS; attempt++) {
    const state = attempt === 1 ? await known.current(accountId) : await known.fresh(accountId);
    if (!state) throw new Error(`account ${accountId} vanished`);
    const at = ctx.now();
    const { next, events, uncharged, direct, opens } = workEvents(state, taken, {
      stream,
      accountId,
      at,
      freeCallsPerMonth: ctx.freeCallsPerMonth,
      policy: ctx.policy,
      heldCredits: () => holds.heldBy(accountId).credits,
    });
    // A refusal on the state this process knew is confirmed on a fresh load before it is given.
    const refused = direct.some((o) => !o.ok) || opens.some((o) => o === null) || uncharged.length > 0;
    if (attempt === 1 && refused) continue;
    if (events.length > 0) {
      const appended = await ctx.store.append(stream, events, state.version);
      if (!appended.ok) {
        ctx.logger.debug({ accountId, attempt }, 'account stream moved; append computed again');
        await conflictPause(attempt);
        continue;
      }
      known.remember(next);
    }
    for (const r of taken.leased) holds.addUnrecorded(accountId, -r.request.price);
    for (const r of uncharged) {
      // Only when a lease's holder recorded its charges after another process returned the lease as expired
      // and the balance was spent meanwhile: the call was served and cannot be charged.
      ctx.logger.error(
        { accountId, requestId: r.request.requestId, leaseId: r.leaseId, amount: r.request.price },
        'call served from a lease could not be charged: the lease was returned as expired and the balance spent',
      );
    }
    for (const leaseId of [...taken.returns, ...taken.expired]) holds.retiring.delete(leaseId);
    return { direct, opens };
  }
  throw new Error(`account ${accountId}: appends still conflicting after ${MAX_APPEND_ATTEMPTS} attempts`);
}
