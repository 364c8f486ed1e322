import { HTTPFacilitatorClient } from '@x402/core/server';
import {
  FacilitatorTimeoutError,
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
  type SupportedResponse,
} from '@x402/core/types';
import type { Logger } from '../../ops/logger.ts';
import { BASE_NETWORK } from './paymentConfig.ts';

export type { SettleResponse };

export interface SettleRequest {
  x402Version: number;
  paymentPayload: unknown;
  paymentRequirements: unknown;
}

export interface FacilitatorClient {
  /** Never throws: an unreachable or unreadable facilitator is a failed settlement. */
  settle(request: SettleRequest): Promise<SettleResponse>;
  /** The facilitator's `/supported` kinds; throws when it cannot be read. */
  supported(): Promise<SupportedResponse>;
}

/**
 * The x402 facilitator through @x402/core's HTTPFacilitatorClient: `POST {url}/settle`, `GET {url}/supported`,
 * with the authentication headers a mainnet facilitator asks for (`X402_FACILITATOR_HEADERS`), sent to every
 * path and never logged. A settlement that fails in transport (connection refused or reset before an answer)
 * is sent once more: the authorization's nonce makes a second settlement of the same payment impossible on
 * chain, so the retry cannot pay twice. A timeout is not retried: the first attempt may have settled.
 */
export function createFacilitatorClient(deps: {
  url: string;
  logger: Logger;
  timeoutMs?: number;
  authHeaders?: Record<string, string>;
}): FacilitatorClient {
  const headers = deps.authHeaders ?? {};
  const client = new HTTPFacilitatorClient({
    url: deps.url.replace(/\/+$/, ''),
    timeoutMs: deps.timeoutMs ?? 30_000,
    ...(Object.keys(headers).length > 0
      ? {
          createAuthHeaders: async () => ({
            verify: headers,
            settle: headers,
            supported: headers,
            bazaar: headers,
          }),
        }
      : {}),
  });
  const failed = (errorReason: string): SettleResponse => ({
    success: false,
    errorReason,
    transaction: '',
    network: BASE_NETWORK,
  });
  return {
    async settle(request) {
      for (let attempt = 1; ; attempt++) {
        try {
          const settled = await client.settle(
            request.paymentPayload as PaymentPayload,
            request.paymentRequirements as PaymentRequirements,
          );
          if (!settled.success) {
            deps.logger.warn({ errorReason: settled.errorReason }, 'settlement refused');
            return { ...settled, success: false };
          }
          return settled;
        } catch (err) {
          const refusal = settleRefusalOf(err);
          if (refusal) {
            deps.logger.warn(
              { status: refusal.statusCode, errorReason: refusal.errorReason },
              'settlement refused',
            );
            return failed(refusal.errorReason ?? 'settlement_refused');
          }
          if (
            err instanceof FacilitatorTimeoutError ||
            (err as { name?: unknown })?.name === 'FacilitatorTimeoutError'
          ) {
            deps.logger.warn(
              { err: (err as Error).message },
              'facilitator did not answer in time; settlement indeterminate',
            );
            return failed('facilitator_timeout');
          }
          if (isTransportFailure(err) && attempt === 1) {
            deps.logger.warn(
              { err: (err as Error).message },
              'facilitator unreachable; settlement sent once more',
            );
            continue;
          }
          if (isTransportFailure(err)) {
            deps.logger.warn({ err: (err as Error).message }, 'facilitator unreachable');
            return failed('facilitator_unreachable');
          }
          deps.logger.warn({ err: (err as Error).message }, 'facilitator answer unreadable');
          return failed('facilitator_unreadable');
        }
      }
    },
    supported: () => client.getSupported(),
  };
}

/**
 * The facilitator's own refusal (an HTTP error whose body is a settle response): the SDK's SettleError, told by
 * its name and members, since the SDK's module may be loaded once per format (ESM, CommonJS) and `instanceof`
 * then fails across them.
 */
function settleRefusalOf(err: unknown): Pick<SettleError, 'statusCode' | 'errorReason'> | null {
  if (err instanceof SettleError) return err;
  const e = err as { name?: unknown; statusCode?: unknown; errorReason?: unknown } | null;
  return e?.name === 'SettleError' && typeof e.statusCode === 'number'
    ? { statusCode: e.statusCode, errorReason: typeof e.errorReason === 'string' ? e.errorReason : undefined }
    : null;
}

/** fetch's own failure before any answer (undici: TypeError "fetch failed" with the socket error as cause). */
function isTransportFailure(err: unknown): boolean {
  if (!(err instanceof TypeError)) return false;
  const cause = (err as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return (
    err.message === 'fetch failed' ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)
  );
}

/**
 * Whether the facilitator settles the exact scheme on our network, read from its `/supported`; logged at start
 * so that a facilitator for another network (the default one serves testnets) is seen before a payment fails.
 */
export async function checkFacilitatorSupport(
  client: FacilitatorClient,
  network: string,
  logger: Logger,
): Promise<boolean | null> {
  try {
    const { kinds } = await client.supported();
    const ok = kinds.some((k) => k.scheme === 'exact' && k.network === network);
    if (ok) logger.info({ network }, 'x402 facilitator settles exact payments on this network');
    else
      logger.error(
        { network, supported: kinds.map((k) => `${k.scheme}@${k.network}`) },
        'x402 facilitator does not settle exact payments on this network: x402 payments will fail to settle',
      );
    return ok;
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'x402 facilitator /supported unreadable');
    return null;
  }
}
