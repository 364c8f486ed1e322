import type { Next } from 'koa';
import type { RouteDefinition } from '../catalogue/route.ts';
import type { AppContext } from '../state.ts';
import { encodeBase64Json } from './base64Json.ts';
import type { FacilitatorClient, SettleResponse } from './facilitatorClient.ts';
import type { NonceKey } from './nonceKey.ts';
import type { NonceStore } from './nonceStore.ts';
import type { PaymentConfig } from './paymentConfig.ts';
import { buildQuote, type ResourceInfo } from './paymentRequired.ts';
import type { PaymentRefusal } from './refusals.ts';
import { requirementsFor } from './requirements.ts';
import { abandon, answer402, clientGone, is2xx, undoUncharged, withhold } from './respond.ts';
import { verifyPayment } from './verifyPayment.ts';
import {
  answersRequest,
  DEFAULT_REPLAY_WINDOW_SECONDS,
  markSettled,
  replay,
  type X402AnswerStore,
} from './x402Answers.ts';

export interface X402Deps {
  config: PaymentConfig;
  nonces: NonceStore;
  facilitator: FacilitatorClient;
  now: () => Date;
  /** Settled answers kept for the replay window; absent: a used payment is always refused. */
  answers?: X402AnswerStore;
}

/** Answers 402 with the quote of the route at this request's price, and why a payment was not taken. */
export function quote(
  ctx: AppContext,
  route: RouteDefinition,
  price: number,
  resource: ResourceInfo,
  config: PaymentConfig,
  why: PaymentRefusal,
  /** Adds to the body what the payment step knows beside the quote (an unknown key); the header is the quote. */
  amendBody: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body,
) {
  const q = buildQuote({
    route,
    price,
    resource,
    requirements: requirementsFor(price, config, ctx.state.bodyDigest),
    config,
    error: why.code,
    message: why.message,
    params: ctx.state.params,
  });
  answer402(ctx, amendBody(q.body), { 'PAYMENT-REQUIRED': q.header });
}

/**
 * The x402 rail: verify locally, hold the nonce, run the handler, and settle through the facilitator only
 * for a 2xx. A non-2xx releases the nonce and settles nothing; a failed settlement withholds the answer.
 */
export async function payWithX402(
  ctx: AppContext,
  next: Next,
  args: { route: RouteDefinition; price: number; header: string; resource: ResourceInfo; deps: X402Deps },
): Promise<void> {
  const { route, price, header, resource, deps } = args;
  const log = ctx.state.log;
  const verified = await verifyPayment({
    header,
    price,
    requirements: requirementsFor(price, deps.config, ctx.state.bodyDigest),
    config: deps.config,
    now: deps.now(),
    resource,
    ...(ctx.state.bodyDigest !== undefined ? { bodyDigest: ctx.state.bodyDigest } : {}),
  });
  if (!verified.ok) {
    log?.info({ route: route.id, refusal: verified.refusal.code }, 'x402 payment refused');
    return quote(ctx, route, price, resource, deps.config, verified.refusal);
  }
  const payment = verified.payment;
  const key: NonceKey = {
    asset: payment.asset.address,
    payer: payment.authorization.from,
    nonce: payment.authorization.nonce,
  };
  if (!(await deps.nonces.reserve(key, ctx.state.requestId))) {
    // The same payment for the same request, settled within the window: the client lost the answer it paid
    // for. It gets that answer again, as signed then; nothing is settled twice.
    const window = deps.config.replayWindowSeconds ?? DEFAULT_REPLAY_WINDOW_SECONDS;
    const earlier = deps.answers ? await deps.answers.find(key, window) : null;
    if (earlier && answersRequest(earlier, ctx)) {
      log?.info(
        { route: route.id, payer: key.payer },
        'x402 payment replayed: the settled answer is sent again',
      );
      return replay(ctx, earlier);
    }
    log?.info({ route: route.id, payer: key.payer }, 'x402 nonce replayed');
    return quote(ctx, route, price, resource, deps.config, {
      code: 'paiement_deja_utilise',
      message:
        'Cette autorisation a déjà été présentée ; signez-en une nouvelle. / This authorization was already presented; sign a new one.',
    });
  }

  ctx.state.payer = { payeur: key.payer.toLowerCase() };
  try {
    await next();
  } catch (err) {
    await deps.nonces.release(key);
    await undoUncharged(ctx);
    throw err;
  }
  if (!is2xx(ctx.status) || ctx.state.idempotentReplay) {
    // A refusal, or an answer already paid for under the same Idempotency-Key sent again: nothing is settled,
    // and the authorization stays usable.
    await deps.nonces.release(key);
    await undoUncharged(ctx);
    return;
  }
  if (clientGone(ctx)) {
    // Nobody will receive this answer: nothing is settled and the authorization stays usable.
    await deps.nonces.release(key);
    log?.info({ route: route.id, payer: key.payer }, 'client gone before the answer; not settled');
    abandon(ctx);
    await undoUncharged(ctx);
    return;
  }

  const settlement = await deps.facilitator.settle({
    x402Version: payment.x402Version,
    paymentPayload: payment.paymentPayload,
    paymentRequirements: payment.paymentRequirements,
  });
  const responseHeader = payment.x402Version === 2 ? 'PAYMENT-RESPONSE' : 'X-PAYMENT-RESPONSE';
  const encoded = encodeSettlement(settlement);
  if (settlement.success) {
    await deps.nonces.markSettled(key, settlement.transaction);
    markSettled(ctx, key);
    log?.info(
      {
        route: route.id,
        payer: key.payer,
        asset: payment.asset.symbol,
        amount: price,
        transaction: settlement.transaction,
      },
      'x402 payment settled',
    );
    ctx.set(responseHeader, encoded);
    return;
  }
  // Never served twice for one authorization, whatever became of it on chain.
  await deps.nonces.markFailed(key, settlement.errorReason ?? 'unknown');
  log?.warn(
    { route: route.id, payer: key.payer, errorReason: settlement.errorReason },
    'x402 settlement failed; answer withheld',
  );
  withhold(ctx, { [responseHeader]: encoded });
  await undoUncharged(ctx);
}

/** Buyer-facing settlement result, as @x402/core encodes it (without facilitator-only extension responses). */
function encodeSettlement(settlement: SettleResponse): string {
  const { extensionResponses: _omitted, ...buyerFacing } = settlement;
  return encodeBase64Json(buyerFacing);
}
