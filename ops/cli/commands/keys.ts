import { loadPaymentConfig } from '../../../api/payment/paymentConfig.ts';
import { monthOf } from '../../accounts/accountEvents.ts';
import { balanceOf, freeCallsUsed } from '../../accounts/accountState.ts';
import { formatCredits, parseCredits } from '../../accounts/credits.ts';
import { loadAccount } from '../../accounts/loadAccount.ts';
import { openAccount } from '../../accounts/openAccount.ts';
import { purchaseCredits } from '../../accounts/purchaseCredits.ts';
import type { CliCommand, CliContext } from '../context.ts';

const USAGE = [
  'usage: registres keys create [--credits N]   new account and key (the key is shown once)',
  '       registres keys credit <account> N     add N credits (1 credit = 1 EUR), valid 12 months',
  '       registres keys show <account>         balance by lot, free calls used this month',
];

/** `keys create | credit | show`: accounts, keys and credits on the account streams of the log. */
export const keysCommand: CliCommand = async (argv, ctx) => {
  const [sub, ...rest] = argv;
  if (sub === 'create') return create(rest, ctx);
  if (sub === 'credit') return credit(rest, ctx);
  if (sub === 'show') return show(rest, ctx);
  for (const line of USAGE) ctx.out(line);
  return 2;
};

async function create(args: string[], ctx: CliContext): Promise<number> {
  let credits = 0;
  const flag = args.findIndex((a) => a === '--credits' || a.startsWith('--credits='));
  if (flag >= 0) {
    const text = args[flag]!.includes('=') ? args[flag]!.split('=')[1]! : (args[flag + 1] ?? '');
    const units = parseCredits(text);
    if (units === null) return usage(ctx, `not a credit amount: ${text}`);
    credits = units;
  } else if (args.length > 0) {
    return usage(ctx, `unexpected argument: ${args[0]}`);
  }
  return ctx.withDatabase(async (_db, store) => {
    const { accountId, key } = await openAccount(store, { credits, source: 'cli' });
    ctx.logger.info({ accountId, credits }, 'account opened');
    ctx.out(`account: ${accountId}`);
    ctx.out(`key:     ${key}`);
    ctx.out('         (shown once: it is stored hashed and cannot be shown again)');
    ctx.out(`credits: ${formatCredits(credits)}`);
    ctx.out(`use it:  curl -H 'X-Api-Key: <key>' ${ctx.config.baseUrl}/v1/...`);
    return 0;
  });
}

async function credit(args: string[], ctx: CliContext): Promise<number> {
  const [accountId, amountText] = args;
  if (!accountId || !amountText || args.length !== 2) return usage(ctx, 'keys credit needs <account> and N');
  const units = parseCredits(amountText);
  if (units === null || units === 0) return usage(ctx, `not a credit amount: ${amountText}`);
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
  });
}

async function show(args: string[], ctx: CliContext): Promise<number> {
  const [accountId] = args;
  if (!accountId || args.length !== 1) return usage(ctx, 'keys show needs <account>');
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
  });
}

function usage(ctx: CliContext, problem: string): number {
  ctx.out(problem);
  for (const line of USAGE) ctx.out(line);
  return 2;
}
