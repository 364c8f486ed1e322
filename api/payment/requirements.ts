import type { PaymentRequirements } from '@x402/core/types';
import type { PaymentAsset, PaymentConfig } from './paymentConfig.ts';

export type { PaymentRequirements };

/**
 * The member of a requirement's `extra` that binds the quote of a POST route to the body it priced: the
 * SHA-256 of the body's bytes, hex. A payment whose `accepted` names another digest paid for another body.
 */
export const BODY_DIGEST_MEMBER = 'empreinte_corps';

/**
 * The x402 v2 `accepts` entries for a price: one per configured asset, scheme `exact`, the same atomic
 * amount in each (EURC is not converted), the EIP-712 domain of the token in `extra`.
 */
export function requirementsFor(
  price: number,
  config: PaymentConfig,
  /** A POST request's body digest (SHA-256, hex): the quote is bound to that body (`extra.empreinte_corps`). */
  bodyDigest?: string,
): PaymentRequirements[] {
  if (!Number.isSafeInteger(price) || price <= 0)
    throw new Error(`price must be a positive integer: ${price}`);
  if (config.payTo === null) return [];
  const payTo = config.payTo;
  return config.assets.map((asset) => requirementFor(price, payTo, asset, config, bodyDigest));
}

function requirementFor(
  price: number,
  payTo: string,
  asset: PaymentAsset,
  config: PaymentConfig,
  bodyDigest: string | undefined,
): PaymentRequirements {
  return {
    scheme: 'exact',
    network: config.network,
    amount: String(price),
    payTo,
    maxTimeoutSeconds: config.maxTimeoutSeconds,
    asset: asset.address,
    extra: {
      name: asset.name,
      version: asset.version,
      ...(bodyDigest ? { [BODY_DIGEST_MEMBER]: bodyDigest } : {}),
    },
  };
}
