import type { SettleResponse } from '@x402/core/types';
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
}

/** `POST {X402_FACILITATOR_URL}/settle` with `{x402Version, paymentPayload, paymentRequirements}`. */
export function createFacilitatorClient(deps: {
  url: string;
  logger: Logger;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): FacilitatorClient {
  const doFetch = deps.fetch ?? globalThis.fetch;
  const endpoint = `${deps.url.replace(/\/+$/, '')}/settle`;
  const timeoutMs = deps.timeoutMs ?? 30_000;
  return {
    async settle(request) {
      const failed = (errorReason: string): SettleResponse => ({
        success: false,
        errorReason,
        transaction: '',
        network: BASE_NETWORK,
      });
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        deps.logger.warn({ err: (err as Error).message }, 'facilitator unreachable');
        return failed('facilitator_unreachable');
      }
      let data: unknown;
      try {
        data = await response.json();
      } catch {
        deps.logger.warn({ status: response.status }, 'facilitator answer is not JSON');
        return failed('facilitator_unreadable');
      }
      const d = (data ?? {}) as Partial<SettleResponse>;
      if (typeof d.success !== 'boolean') {
        deps.logger.warn({ status: response.status }, 'facilitator answer has no success flag');
        return failed('facilitator_unreadable');
      }
      const settled: SettleResponse = {
        ...(d as SettleResponse),
        transaction: typeof d.transaction === 'string' ? d.transaction : '',
        network: typeof d.network === 'string' ? d.network : BASE_NETWORK,
      };
      if (!response.ok || !settled.success) {
        deps.logger.warn({ status: response.status, errorReason: settled.errorReason }, 'settlement refused');
        return { ...settled, success: false };
      }
      return settled;
    },
  };
}
