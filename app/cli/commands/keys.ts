import { monthOf } from '../../../ops/accounts/accountEvents.ts';
import { balanceOf, freeCallsUsed } from '../../../ops/accounts/accountState.ts';
import { formatCredits, parseCredits } from '../../../ops/accounts/credits.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { purchaseCredits } from '../../../ops/accounts/purchaseCredits.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { firstCallCommand } from './firstCall.ts';

/** The keys commands migrate and read the accounts only: they load no register. */
const ACCOUNTS_ONLY = { schema: 'accounts' } as const;

/**
 * `keys create [--credits N]`: a new account and its key (shown once). The subcommands and their options are
 * declared in commander (app/cli/main.ts); these functions do the work.
 */
export async function createAccountKey(opts: { credits?: string }, ctx: CliContext): Promise<number> {
  let credits = 0;
  if (opts.credits !== undefined) {
    const units = parseCredits(opts.credits);
    if (units === null) return refuse(ctx, `not a credit amount: ${opts.credits}`);
    credits = units;
  }
  return ctx.withDatabase(async (_db, store) => {
    const { accountId, key } = await openAccount(store, { credits, source: 'cli' });
    ctx.logger.info({ accountId, credits }, 'account opened');
    ctx.out(`account: ${accountId}`);
    ctx.out(`key:     ${key}`);
    ctx.out('         (shown once: it is stored hashed and cannot be shown again)');
    ctx.out(`credits: ${formatCredits(credits)}`);
    ctx.out(`try it:  ${firstCallCommand(ctx.config.baseUrl, key)}`);
    return 0;
  }, ACCOUNTS_ONLY);
}

/** `keys credit <account> <N>`: N credits (1 credit = 1 EUR), valid 12 months. */
export async function creditAccount(accountId: string, amountText: string, ctx: CliContext): Promise<number> {
  const units = parseCredits(amountText);
  if (units === null || units === 0) return refuse(ctx, `not a credit amount: ${amountText}`);
  return ctx.withDatabase(async (_db, store) => {
    const result = await purchaseCredits(store, accountId, units, { source: 'cli' });
    if (!result.ok) {
      ctx.out(`unknown account: ${accountId}`);
      return 1;
    }
    ctx.logger.info({ accountId, credits: units, lotId: result.lotId }, 'credits added');
    ctx.out(
      `${formatCredits(units)} credits added to ${accountId}, lot ${result.lotId}, valid until ${result.expiresAt}`,
    );
    return 0;
  }, ACCOUNTS_ONLY);
}

/** `keys show <account>`: balance by lot, free calls used this month. */
export async function showAccount(accountId: string, ctx: CliContext): Promise<number> {
  const { loadPaymentConfig } = await import('../../../api/payment/paymentConfig.ts');
  const freeCallsPerMonth = loadPaymentConfig().freeCallsPerMonth;
  return ctx.withDatabase(async (db, store) => {
    const state = await loadAccount(db.knex, store, accountId);
    if (!state) {
      ctx.out(`unknown account: ${accountId}`);
      return 1;
    }
    const now = new Date();
    const month = monthOf(now);
    ctx.out(`account: ${accountId}`);
    ctx.out(`balance: ${formatCredits(balanceOf(state, now))} credits`);
    ctx.out(`free calls ${month}: ${freeCallsUsed(state, month)} of ${freeCallsPerMonth} used`);
    ctx.out('lots (closest expiry first):');
    const lots = [...state.lots].sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
    if (lots.length === 0) ctx.out('  none');
    for (const lot of lots) {
      const expired = Date.parse(lot.expiresAt) <= now.getTime() ? ' (expired)' : '';
      ctx.out(
        `  ${lot.lotId}  ${formatCredits(lot.remaining)} of ${formatCredits(lot.amount)}  bought ${lot.purchasedAt.slice(0, 10)}  expires ${lot.expiresAt.slice(0, 10)}${expired}`,
      );
    }
    return 0;
  }, ACCOUNTS_ONLY);
}

function refuse(ctx: CliContext, problem: string): number {
  ctx.out(`${problem} (registres keys --help)`);
  return 2;
}
