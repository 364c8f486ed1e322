import type { AccountLedger } from '../../ops/accounts/accountLedger.ts';
import { formatCredits } from '../../ops/accounts/credits.ts';
import type { KeyResolver } from '../../ops/accounts/keyResolver.ts';
import { CLE_API_REJETEE } from '../../schemas/responses/paymentRequired.ts';
import { prefersAlternate } from '../catalogue/alternateMediaType.ts';
import { formatPrice } from '../catalogue/price.ts';
import { isPriced } from '../catalogue/route.ts';
import { ApiError } from '../errors/apiError.ts';
import type { FacilitatorClient } from '../payment/facilitatorClient.ts';
import type { NonceStore } from '../payment/nonceStore.ts';
import type { PaymentConfig } from '../payment/paymentConfig.ts';
import { freeTierOf, resourceOf } from '../payment/paymentRequired.ts';
import { payWithCredits } from '../payment/payWithCredits.ts';
import { payWithX402, quote } from '../payment/payWithX402.ts';
import { presentedKeys } from '../payment/presentedKeys.ts';
import { answer402 } from '../payment/respond.ts';
import type { X402AnswerStore } from '../payment/x402Answers.ts';
import type { AppContext, AppMiddleware } from '../state.ts';

export interface PaymentOptions {
  config: PaymentConfig;
  nonces: NonceStore;
  facilitator: FacilitatorClient;
  ledger: AccountLedger;
  keys: KeyResolver;
  /** Routes paid by key only (registry filings): x402 alone is refused with `compte_requis`. */
  keyOnlyRouteIds?: Iterable<string>;
  /** Settled x402 answers kept for a replay of the same payment (x402Answers.ts). */
  answers?: X402AnswerStore;
  /** Public base address, for the quote's `resource.url`; the request's origin when absent. */
  baseUrl?: string;
  now?: () => Date;
}

/**
 * Priced routes are paid before they are served: a signed x402 payment first, else an API key we issued
 * (any other bearer value is ignored), else a 402 quote. Whatever the rail, an answer that is not 2xx costs
 * nothing: no settlement, no credit drawn, no free call used.
 */
export function payment(opts: PaymentOptions): AppMiddleware {
  const keyOnly = new Set(opts.keyOnlyRouteIds ?? []);
  const now = opts.now ?? (() => new Date());
  const x402 = {
    config: opts.config,
    nonces: opts.nonces,
    facilitator: opts.facilitator,
    now,
    ...(opts.answers ? { answers: opts.answers } : {}),
  };

  return async function paymentMiddleware(ctx, next) {
    const route = ctx.state.route;
    if (!route || !isPriced(route)) return next();
    const resource = resourceOf(
      route,
      `${opts.baseUrl ?? `${ctx.protocol}://${ctx.host}`}${ctx.originalUrl}`,
      // The media type this request will be served in: a route's PDF when `Accept` asks for it.
      prefersAlternate(ctx, route.alternate) ? route.alternate!.contentType : undefined,
    );
    const keyOnlyRoute = keyOnly.has(route.id);
    // A route priced per request had this request's price set before payment (requestPrice.ts).
    const price = ctx.state.price ?? route.price;

    const paymentHeader = ctx.get('payment-signature') || ctx.get('x-payment');
    if (paymentHeader && !keyOnlyRoute) {
      return payWithX402(ctx, next, { route, price, header: paymentHeader, resource, deps: x402 });
    }

    for (const key of presentedKeys(ctx)) {
      const accountId = await opts.keys.resolve(key);
      if (
        accountId &&
        (await payWithCredits(ctx, next, {
          route,
          price,
          accountId,
          ledger: opts.ledger,
          config: opts.config,
        }))
      ) {
        return;
      }
    }

    // The contract's flow is unchanged (402, the quote), but an `X-Api-Key` that resolved to no account is
    // named: its holder learns that the key is wrong or revoked, not merely that a key is needed.
    const rejectedKey = ctx.get('x-api-key').trim() !== '';
    if (keyOnlyRoute) {
      return answer402(
        ctx,
        withRejectedKey(rejectedKey, {
          error: 'compte_requis',
          message:
            'Cette route se paie avec une clé d’API (compte requis) ; x402 seul ne suffit pas. / This route is paid with an API key (account required); x402 alone is not accepted.',
          price: formatPrice(price),
          free_tier: freeTierOf(route, opts.config),
        }),
      );
    }
    quote(
      ctx,
      route,
      price,
      resource,
      opts.config,
      {
        code: opts.config.payTo === null ? 'x402_non_configure' : 'paiement_requis',
        message:
          opts.config.payTo === null
            ? 'Paiement requis : utilisez une clé d’API (x402 non configuré ici). / Payment required: use an API key (x402 not configured here).'
            : 'Paiement requis : payez le devis x402 ou utilisez une clé d’API. / Payment required: pay the x402 quote or use an API key.',
      },
      (body) => withRejectedKey(rejectedKey, body),
    );
  };
}

/** Said first in a 402's message, and as `cle_api`, when the `X-Api-Key` presented is none of ours. */
const REJECTED_KEY_MESSAGE =
  'La clé d’API présentée (X-Api-Key) est inconnue ou révoquée. / The API key presented (X-Api-Key) is unknown or revoked.';

/** A 402 body that also says the `X-Api-Key` presented is unknown or revoked (`cle_api`), when it is. */
function withRejectedKey(rejected: boolean, body: Record<string, unknown>): Record<string, unknown> {
  if (!rejected) return body;
  return { ...body, cle_api: CLE_API_REJETEE, message: `${REJECTED_KEY_MESSAGE} ${String(body.message)}` };
}

/**
 * Every answer to a request that carries one of our keys says what it cost: a refusal given before the payment
 * step (400 on bad input, 503 while the database is unreachable) or without it carries `X-Credits-Charged: 0`
 * and, when the balance can be read, `X-Credits-Remaining`. Sits outside validation and payment.
 */
export function keyedCreditHeaders(opts: Pick<PaymentOptions, 'keys' | 'ledger'>): AppMiddleware {
  const fill = async (ctx: AppContext) => {
    if (ctx.response.get('X-Credits-Charged')) return;
    const keys = presentedKeys(ctx);
    if (keys.length === 0 || ctx.get('payment-signature') || ctx.get('x-payment')) return;
    for (const key of keys) {
      let accountId: string | null;
      let balance: number | null;
      try {
        accountId = await opts.keys.resolve(key);
        balance = accountId ? await opts.ledger.balance(accountId) : null;
      } catch {
        // The database is what refused the call: nothing was charged, the balance cannot be read.
        ctx.set('X-Credits-Charged', formatCredits(0));
        return;
      }
      if (!accountId) continue;
      ctx.set('X-Credits-Charged', formatCredits(0));
      if (balance !== null) ctx.set('X-Credits-Remaining', formatCredits(Math.max(0, balance)));
      return;
    }
  };
  return async function keyedCreditHeadersMiddleware(ctx, next) {
    try {
      await next();
    } catch (err) {
      // Over the rate limit, the database is spared: nothing was charged, and the balance is not read.
      if (err instanceof ApiError && err.status === 429) {
        if (presentedKeys(ctx).length > 0) ctx.set('X-Credits-Charged', formatCredits(0));
      } else {
        await fill(ctx);
      }
      throw err;
    }
    if (ctx.status < 200 || ctx.status > 299) await fill(ctx);
  };
}
