import type { PaymentRequirementsV1 } from '@x402/core/types';
import { getAddress, isAddress, isAddressEqual, isHex, verifyTypedData } from 'viem';
import { decodeBase64Json, jsonEqual } from './base64Json.ts';
import {
  BASE_CHAIN_ID,
  BASE_NETWORK,
  BASE_NETWORK_V1,
  type PaymentAsset,
  type PaymentConfig,
} from './paymentConfig.ts';
import { type PaymentRefusal, refusal } from './refusals.ts';
import { BODY_DIGEST_MEMBER, type PaymentRequirements } from './requirements.ts';

/** EIP-3009, as USDC and EURC implement it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

export interface Authorization {
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: `0x${string}`;
}

/** A payment that passed every local check; what is needed to hold its nonce and settle it. */
export interface VerifiedPayment {
  x402Version: 1 | 2;
  asset: PaymentAsset;
  authorization: Authorization;
  /** The decoded header, forwarded to the facilitator as received. */
  paymentPayload: Record<string, unknown>;
  /** Our requirement the payment answers, in the wire shape of its version. */
  paymentRequirements: PaymentRequirements | PaymentRequirementsV1;
}

export type VerifyResult = { ok: true; payment: VerifiedPayment } | { ok: false; refusal: PaymentRefusal };

export interface VerifyInput {
  header: string;
  price: number;
  requirements: readonly PaymentRequirements[];
  config: PaymentConfig;
  now: Date;
  /**
   * A POST request's body digest: the requirements carry it, x402 v1 (whose requirements the client does not
   * send back) is refused, and a v2 `accepted` bound to another body is `empreinte_corps_differente`.
   */
  bodyDigest?: string;
  /** For the v1 requirements sent to the facilitator. */
  resource: { url: string; description: string; mimeType: string };
}

/**
 * Local verification of an x402 `exact` EVM payment (EIP-3009 TransferWithAuthorization): shape, the
 * requirement it answers, recipient, exact amount, validity window, then the signature. Nonce reuse is
 * checked afterwards by the nonce store.
 */
export async function verifyPayment(input: VerifyInput): Promise<VerifyResult> {
  const fail = (code: PaymentRefusal['code'], message: string): VerifyResult => ({
    ok: false,
    refusal: refusal(code, message),
  });
  if (input.config.payTo === null) {
    return fail(
      'x402_non_configure',
      'x402 n’est pas configuré sur ce service ; utilisez une clé. / x402 is not configured here; use a key.',
    );
  }
  const decoded = decodeBase64Json(input.header);
  if (!decoded.ok) {
    return fail(
      'paiement_illisible',
      `En-tête de paiement illisible (${decoded.message}). / Unreadable payment header (${decoded.message}).`,
    );
  }
  const body = decoded.value as Record<string, unknown>;
  const version = body.x402Version;
  if (version !== 1 && version !== 2) {
    return fail(
      'version_x402_non_supportee',
      'x402Version doit valoir 1 ou 2. / x402Version must be 1 or 2.',
    );
  }
  if (version === 1 && input.bodyDigest !== undefined) {
    return fail(
      'version_x402_non_supportee',
      'Une route POST se paie en x402 v2 : son devis est lié au corps (`extra.empreinte_corps`), ce que v1 ne renvoie pas. / A POST route is paid with x402 v2: its quote is bound to the body (`extra.empreinte_corps`), which v1 does not send back.',
    );
  }
  const payload = asObject(body.payload);
  const authorization = payload ? parseAuthorization(payload.authorization) : null;
  const signature = payload?.signature;
  if (!authorization || typeof signature !== 'string' || !isHex(signature)) {
    return fail(
      'paiement_illisible',
      'payload.authorization ou payload.signature mal formé. / Malformed payload.authorization or payload.signature.',
    );
  }

  let candidates: { asset: PaymentAsset; requirement: PaymentRequirements }[];
  if (version === 2) {
    const matched = matchAccepted(body.accepted, input);
    if ('code' in matched) return { ok: false, refusal: matched };
    candidates = [matched];
  } else {
    if (body.scheme !== 'exact')
      return fail(
        'paiement_non_conforme',
        'Seul le schéma exact est accepté. / Only the exact scheme is accepted.',
      );
    if (body.network !== BASE_NETWORK_V1 && body.network !== BASE_NETWORK) {
      return fail(
        'reseau_refuse',
        `Réseau refusé ; attendu ${BASE_NETWORK}. / Network refused; expected ${BASE_NETWORK}.`,
      );
    }
    // v1 does not name the token: the signature's EIP-712 domain does (verifyingContract is the token).
    candidates = input.requirements.map((requirement) => ({
      asset: assetOf(requirement.asset, input.config)!,
      requirement,
    }));
  }

  const payTo = input.config.payTo;
  if (!isAddressEqual(authorization.to, payTo)) {
    return fail(
      'destinataire_incorrect',
      `Le bénéficiaire signé n’est pas ${payTo}. / The signed recipient is not ${payTo}.`,
    );
  }
  if (authorization.value !== BigInt(input.price)) {
    return fail(
      'montant_incorrect',
      `Montant signé ${authorization.value}, prix exact ${input.price}. / Signed amount ${authorization.value}, exact price ${input.price}.`,
    );
  }
  const nowSeconds = BigInt(Math.floor(input.now.getTime() / 1000));
  if (authorization.validAfter > nowSeconds) {
    return fail(
      'autorisation_pas_encore_valide',
      'validAfter est dans le futur. / validAfter is in the future.',
    );
  }
  if (nowSeconds >= authorization.validBefore) {
    return fail('autorisation_expiree', 'validBefore est passé. / validBefore has passed.');
  }

  for (const { asset, requirement } of candidates) {
    if (await signatureMatches(authorization, signature, asset)) {
      return {
        ok: true,
        payment: {
          x402Version: version,
          asset,
          authorization,
          paymentPayload: body,
          paymentRequirements: version === 2 ? requirement : toV1Requirements(requirement, input.resource),
        },
      };
    }
  }
  return fail(
    'signature_invalide',
    'La signature ne correspond pas à l’autorisation de `from`. / The signature does not match the authorization of `from`.',
  );
}

function matchAccepted(
  accepted: unknown,
  input: VerifyInput,
): { asset: PaymentAsset; requirement: PaymentRequirements } | PaymentRefusal {
  const a = asObject(accepted);
  if (!a) return refusal('paiement_illisible', '`accepted` absent. / `accepted` missing.');
  if (a.network !== input.config.network) {
    return refusal(
      'reseau_refuse',
      `Réseau refusé ; attendu ${input.config.network}. / Network refused; expected ${input.config.network}.`,
    );
  }
  const asset = typeof a.asset === 'string' ? assetOf(a.asset, input.config) : null;
  if (!asset)
    return refusal(
      'actif_refuse',
      'Jeton non accepté ; voir `accepts`. / Token not accepted; see `accepts`.',
    );
  if (
    typeof a.payTo !== 'string' ||
    !isAddress(a.payTo, { strict: false }) ||
    !isAddressEqual(a.payTo, input.config.payTo!)
  ) {
    return refusal(
      'destinataire_incorrect',
      `payTo doit être ${input.config.payTo}. / payTo must be ${input.config.payTo}.`,
    );
  }
  if (a.amount !== String(input.price)) {
    return refusal('montant_incorrect', `amount doit être ${input.price}. / amount must be ${input.price}.`);
  }
  if (input.bodyDigest !== undefined) {
    const paidFor = asObject(a.extra)?.[BODY_DIGEST_MEMBER];
    if (paidFor !== input.bodyDigest) {
      return refusal(
        'empreinte_corps_differente',
        `Le devis payé est lié à un autre corps (extra.${BODY_DIGEST_MEMBER} ${String(paidFor)}, ce corps ${input.bodyDigest}). / The quote paid is bound to another body.`,
      );
    }
  }
  const requirement = input.requirements.find((r) => jsonEqual(r, a));
  if (!requirement) {
    return refusal(
      'paiement_non_conforme',
      '`accepted` doit reprendre exactement une entrée de `accepts`. / `accepted` must equal one entry of `accepts`.',
    );
  }
  return { asset, requirement };
}

function assetOf(address: string, config: PaymentConfig): PaymentAsset | null {
  if (!isAddress(address, { strict: false })) return null;
  return config.assets.find((x) => isAddressEqual(x.address, address)) ?? null;
}

async function signatureMatches(
  auth: Authorization,
  signature: `0x${string}`,
  asset: PaymentAsset,
): Promise<boolean> {
  try {
    return await verifyTypedData({
      address: auth.from,
      domain: {
        name: asset.name,
        version: asset.version,
        chainId: BASE_CHAIN_ID,
        verifyingContract: asset.address,
      },
      types: TRANSFER_WITH_AUTHORIZATION_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: auth,
      signature,
    });
  } catch {
    return false;
  }
}

const UINT = /^\d{1,78}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

function parseAuthorization(value: unknown): Authorization | null {
  const a = asObject(value);
  if (!a) return null;
  const { from, to, value: amount, validAfter, validBefore, nonce } = a;
  if (typeof from !== 'string' || !isAddress(from, { strict: false })) return null;
  if (typeof to !== 'string' || !isAddress(to, { strict: false })) return null;
  for (const n of [amount, validAfter, validBefore]) if (typeof n !== 'string' || !UINT.test(n)) return null;
  if (typeof nonce !== 'string' || !BYTES32.test(nonce)) return null;
  return {
    from: getAddress(from),
    to: getAddress(to),
    value: BigInt(amount as string),
    validAfter: BigInt(validAfter as string),
    validBefore: BigInt(validBefore as string),
    nonce: nonce.toLowerCase() as `0x${string}`,
  };
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function toV1Requirements(r: PaymentRequirements, resource: VerifyInput['resource']): PaymentRequirementsV1 {
  return {
    scheme: r.scheme,
    network: BASE_NETWORK_V1 as PaymentRequirementsV1['network'],
    maxAmountRequired: r.amount,
    resource: resource.url,
    description: resource.description,
    mimeType: resource.mimeType,
    outputSchema: {},
    payTo: r.payTo,
    maxTimeoutSeconds: r.maxTimeoutSeconds,
    asset: r.asset,
    extra: r.extra,
  };
}
