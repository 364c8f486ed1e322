import type { PaymentRequirements } from '@x402/core/types';
import type { PaymentAsset, PaymentConfig } from './paymentConfig.ts';

export type { PaymentRequirements };

/**
 * The x402 v2 `accepts` entries for a price: one per configured asset, scheme `exact`, the same atomic
 * amount in each (EURC is not converted), the EIP-712 domain of the token in `extra`.
 */
export function requirementsFor(price: number, config: PaymentConfig): PaymentRequirements[] {
  if (!Number.isSafeInteger(price) || price <= 0)
    throw new Error(`price must be a positive integer: ${price}`);
  if (config.payTo === null) return [];
  const payTo = config.payTo;
  return config.assets.map((asset) => requirementFor(price, payTo, asset, config));
}

function requirementFor(
  price: number,
  payTo: string,
  asset: PaymentAsset,
  config: PaymentConfig,
): PaymentRequirements {
  return {
    scheme: 'exact',
    network: config.network,
    amount: String(price),
    payTo,
    maxTimeoutSeconds: config.maxTimeoutSeconds,
    asset: asset.address,
    extra: { name: asset.name, version: asset.version },
  };
}
