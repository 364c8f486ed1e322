import { randomBytes } from 'node:crypto';
import type { PaymentRequirements } from '@x402/core/types';
import type { PrivateKeyAccount } from 'viem';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../../../api/payment/verifyPayment.ts';

export interface AuthorizationFields {
  from: `0x${string}`;
  to: `0x${string}`;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: `0x${string}`;
}

/**
 * Builds a `PAYMENT-SIGNATURE` value the way an x402 v2 client does, with any field overridden: what an
 * attacker (or a buggy client) could send. `signer` signs; `domainAsset` picks the EIP-712 domain.
 */
export async function signedPaymentHeader(args: {
  signer: PrivateKeyAccount;
  accepted: PaymentRequirements;
  authorization?: Partial<AuthorizationFields>;
  acceptedOverride?: Partial<PaymentRequirements>;
  chainId?: number;
  x402Version?: 1 | 2;
  now?: Date;
}): Promise<string> {
  const nowSeconds = Math.floor((args.now ?? new Date()).getTime() / 1000);
  const authorization: AuthorizationFields = {
    from: args.signer.address,
    to: args.accepted.payTo as `0x${string}`,
    value: args.accepted.amount,
    validAfter: '0',
    validBefore: String(nowSeconds + args.accepted.maxTimeoutSeconds),
    nonce: `0x${randomBytes(32).toString('hex')}`,
    ...args.authorization,
  };
  const extra = args.accepted.extra as { name: string; version: string };
  const signature = await args.signer.signTypedData({
    domain: {
      name: extra.name,
      version: extra.version,
      chainId: args.chainId ?? 8453,
      verifyingContract: args.accepted.asset as `0x${string}`,
    },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
  });
  const payload = { signature, authorization };
  const body =
    (args.x402Version ?? 2) === 2
      ? { x402Version: 2, accepted: { ...args.accepted, ...args.acceptedOverride }, payload }
      : { x402Version: 1, scheme: 'exact', network: 'base', payload };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64');
}
