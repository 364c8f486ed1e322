import type { Next } from 'koa';
import type { AccountLedger } from '../../ops/accounts/accountLedger.ts';
import { formatCredits } from '../../ops/accounts/credits.ts';
import { formatPrice } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { AppContext } from '../state.ts';
import type { PaymentConfig } from './paymentConfig.ts';
import { freeTierOf } from './paymentRequired.ts';
import { abandon, answer402, clientGone, is2xx, undoUncharged, withhold } from './respond.ts';

const setCredits = (ctx: AppContext, charged: number, remaining: number) => {
  ctx.set('X-Credits-Charged', formatCredits(charged));
  ctx.set('X-Credits-Remaining', formatCredits(Math.max(0, remaining)));
};

function insufficient(
  ctx: AppContext,
  route: RouteDefinition,
  price: number,
  config: PaymentConfig,
  balance: number,
) {
  answer402(ctx, {
    error: 'credits_insuffisants',
    message:
      'Solde de crédits insuffisant pour cet appel ; rechargez le compte. / Credit balance too low for this call; top up the account.',
    price: formatPrice(price),
    credits_restants: formatCredits(Math.max(0, balance)),
    free_tier: freeTierOf(route, config),
  });
  setCredits(ctx, 0, balance);
}

/**
 * The key rail: hold a free call or the price in credits, run the handler, record the charge only for a
 * 2xx. `false` when the account is unknown (the caller then treats the key as absent).
 */
export async function payWithCredits(
  ctx: AppContext,
  next: Next,
  args: {
    route: RouteDefinition;
    /** This request's price in atomic units: the route's, or its per-request price. */
    price: number;
    accountId: string;
    ledger: AccountLedger;
    config: PaymentConfig;
  },
): Promise<boolean> {
  const { route, price, accountId, ledger, config } = args;
  const reserved = await ledger.reserve({
    accountId,
    routeId: route.id,
    price,
    freeTier: route.freeTier,
    requestId: ctx.state.requestId,
  });
  if (!reserved.ok) {
    if (reserved.error === 'compte_inconnu') return false;
    insufficient(ctx, route, price, config, reserved.balance);
    return true;
  }
  const { reservation } = reserved;
  ctx.state.payer = { compte: accountId };
  try {
    await next();
  } catch (err) {
    ledger.release(reservation);
    setCredits(ctx, 0, reservation.balance);
    await undoUncharged(ctx);
    throw err;
  }
  if (!is2xx(ctx.status) || ctx.state.idempotentReplay) {
    // A refusal, or an answer already paid for under the same Idempotency-Key sent again: nothing is charged.
    ledger.release(reservation);
    setCredits(ctx, 0, reservation.balance);
    await undoUncharged(ctx);
    return true;
  }
  if (clientGone(ctx)) {
    // Nobody will receive this answer: it is not charged and no free call is used.
    ledger.release(reservation);
    ctx.state.log?.info({ route: route.id, accountId }, 'client gone before the answer; not charged');
    abandon(ctx);
    await undoUncharged(ctx);
    return true;
  }
  const committed = await ledger.commit(reservation, ctx.status);
  if (!committed.ok) {
    // Another server drew the same credits meanwhile: the answer is withheld, nothing is charged.
    ctx.state.log?.warn({ route: route.id, accountId }, 'charge no longer covered; answer withheld');
    withhold(ctx);
    insufficient(ctx, route, price, config, committed.balance);
    await undoUncharged(ctx);
    return true;
  }
  setCredits(ctx, committed.charged, committed.remaining);
  return true;
}
