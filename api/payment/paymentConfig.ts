import { getAddress, isAddress } from 'viem';
import { loadConfig } from '../../ops/config.ts';

/** The only network this service is paid on: Base mainnet, as a CAIP-2 identifier. */
export const BASE_NETWORK = 'eip155:8453';
export const BASE_CHAIN_ID = 8453;
/** The x402 v1 name of the same network. */
export const BASE_NETWORK_V1 = 'base';

/** A 6-decimal EIP-3009 token accepted in payment, with the EIP-712 domain its contract signs under. */
export interface PaymentAsset {
  symbol: string;
  /** Checksummed token contract address (the EIP-712 `verifyingContract`). */
  address: `0x${string}`;
  /** EIP-712 domain name and version of the token contract. */
  name: string;
  version: string;
}

/**
 * Circle's USDC and EURC on Base. The EURC domain (`EURC`, `2`) matches Circle's FiatToken v2 deployment;
 * check it against the chain (`name()`, `version()` of the contract) when an RPC endpoint is at hand.
 */
export const DEFAULT_ASSETS: readonly PaymentAsset[] = [
  { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', name: 'USD Coin', version: '2' },
  { symbol: 'EURC', address: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42', name: 'EURC', version: '2' },
];

export interface PaymentConfig {
  network: typeof BASE_NETWORK;
  /** Where x402 payments go (`X402_PAY_TO`). Null: x402 is not offered, keys still work. */
  payTo: `0x${string}` | null;
  /** Base address of the x402 facilitator (`X402_FACILITATOR_URL`), without the trailing `/settle`. */
  facilitatorUrl: string;
  /** Where a client gets an API key (`ACCOUNT_URL`). */
  accountUrl: string;
  assets: readonly PaymentAsset[];
  maxTimeoutSeconds: number;
  /** Free calls per UTC calendar month for a key-holding account, on free-tier routes. */
  freeCallsPerMonth: number;
  /**
   * How long the same x402 payment, sent again for the same request, receives its settled answer again
   * (`X402_REPLAY_WINDOW_HOURS`, default 24 h).
   */
  replayWindowSeconds?: number;
  /**
   * Headers the facilitator asks for (`X402_FACILITATOR_HEADERS`, a JSON object such as
   * `{"Authorization": "Bearer …"}`), sent with every facilitator request, never logged.
   */
  facilitatorHeaders?: Record<string, string>;
}

export const DEFAULT_FACILITATOR_URL = 'https://x402.org/facilitator';

/**
 * Reads the payment settings from the environment. `X402_ASSETS` is either a comma list of built-in symbols
 * (`USDC,EURC`) or a JSON array of `{symbol, address, name, version}`. Throws on a malformed value: a
 * misconfigured payee must stop the server at start, not lose payments.
 */
export function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const payTo = env.X402_PAY_TO?.trim() || null;
  if (payTo !== null && !isAddress(payTo, { strict: false })) {
    throw new Error('X402_PAY_TO is not an EVM address');
  }
  return {
    network: BASE_NETWORK,
    payTo: payTo === null ? null : getAddress(payTo),
    facilitatorUrl: (env.X402_FACILITATOR_URL?.trim() || DEFAULT_FACILITATOR_URL).replace(/\/+$/, ''),
    // The account pages are served by this service (api/account/), at `{BASE_URL}/compte` unless told otherwise.
    accountUrl: loadConfig(env).accountUrl,
    assets: parseAssets(env.X402_ASSETS),
    maxTimeoutSeconds: 60,
    freeCallsPerMonth: 150,
    replayWindowSeconds: replayWindowOf(env.X402_REPLAY_WINDOW_HOURS),
    facilitatorHeaders: facilitatorHeadersOf(env.X402_FACILITATOR_HEADERS),
  };
}

/** `X402_FACILITATOR_HEADERS`: a JSON object of string headers; refused at start when malformed. */
function facilitatorHeadersOf(value: string | undefined): Record<string, string> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('X402_FACILITATOR_HEADERS is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('X402_FACILITATOR_HEADERS must be a JSON object of headers');
  }
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(parsed)) {
    if (typeof v !== 'string') throw new Error(`X402_FACILITATOR_HEADERS: ${name} is not a string`);
    headers[name] = v;
  }
  return headers;
}

/** `X402_REPLAY_WINDOW_HOURS`: a non-negative number of hours (0: a used payment is never answered again). */
function replayWindowOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 24 * 3600;
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours < 0)
    throw new Error('X402_REPLAY_WINDOW_HOURS is not a number of hours');
  return Math.round(hours * 3600);
}

export function parseAssets(value: string | undefined): readonly PaymentAsset[] {
  const text = value?.trim();
  if (!text) return DEFAULT_ASSETS;
  if (text.startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || parsed.length === 0)
      throw new Error('X402_ASSETS: expected a non-empty array');
    return parsed.map((entry, i) => assetFromJson(entry, i));
  }
  return text.split(',').map((symbol) => {
    const asset = DEFAULT_ASSETS.find((a) => a.symbol === symbol.trim().toUpperCase());
    if (!asset) throw new Error(`X402_ASSETS: unknown asset ${symbol.trim()}`);
    return asset;
  });
}

function assetFromJson(entry: unknown, i: number): PaymentAsset {
  const e = (entry ?? {}) as Record<string, unknown>;
  const { symbol, address, name, version } = e;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw new Error(`X402_ASSETS[${i}].address is not an EVM address`);
  }
  if (typeof name !== 'string' || typeof version !== 'string' || name === '' || version === '') {
    throw new Error(`X402_ASSETS[${i}]: name and version (the EIP-712 domain) are required`);
  }
  return { symbol: typeof symbol === 'string' ? symbol : name, address: getAddress(address), name, version };
}
