import { isAddress, isHex, verifyMessage } from 'viem';
import type { RouteContext } from '../catalogue/route.ts';
import { presentedKeys } from '../payment/presentedKeys.ts';

/** The x402 payer's address that owns the watch (`0x…`, 40 hex digits). */
export const PAYER_ADDRESS_HEADER = 'X-Payeur-Adresse';
/** Unix time in seconds at which the proof was signed; accepted within {@link PAYER_PROOF_WINDOW_S}. */
export const PAYER_TIME_HEADER = 'X-Payeur-Horodatage';
/** EIP-191 `personal_sign` signature (`0x…`) of {@link payerProofMessage} by the payer's key. */
export const PAYER_SIGNATURE_HEADER = 'X-Payeur-Signature';
/** How far the signed time may be from the server's clock. */
export const PAYER_PROOF_WINDOW_S = 300;

/**
 * What the payer signs to read its watch: the watch and the time, so that a proof opens one watch for five
 * minutes and nothing else (neither another watch nor a payment: x402 payments are EIP-712 typed data, this is
 * an EIP-191 message).
 */
export const payerProofMessage = (watchId: string, unixSeconds: number) =>
  `registres-api surveillance ${watchId} ${unixSeconds}`;

/** The owner of a watch, as the route knows it from its read model. */
export interface WatchOwnerRow {
  proprietaire_compte: string | null;
  proprietaire_payeur: string | null;
}

/**
 * Whether the request proves it owns the watch: an API key of the owning account, or the owning payer's
 * address with its signature over the watch id and a recent time (same check as x402's signatures: viem,
 * EOA keys). False otherwise, with nothing said about why (the route answers the unknown watch's 404).
 */
export async function provesOwnership(
  ctx: Pick<RouteContext, 'get'>,
  watchId: string,
  owner: WatchOwnerRow,
  deps: { accountOf?: (key: string) => Promise<string | null>; now: Date },
): Promise<boolean> {
  if (owner.proprietaire_compte && deps.accountOf) {
    for (const key of presentedKeys(ctx)) {
      if ((await deps.accountOf(key)) === owner.proprietaire_compte) return true;
    }
  }
  if (!owner.proprietaire_payeur) return false;
  const address = ctx.get(PAYER_ADDRESS_HEADER).trim();
  const time = ctx.get(PAYER_TIME_HEADER).trim();
  const signature = ctx.get(PAYER_SIGNATURE_HEADER).trim();
  if (!isAddress(address, { strict: false }) || address.toLowerCase() !== owner.proprietaire_payeur)
    return false;
  if (!/^\d{1,12}$/.test(time) || !isHex(signature)) return false;
  const signedAt = Number(time);
  if (Math.abs(deps.now.getTime() / 1000 - signedAt) > PAYER_PROOF_WINDOW_S) return false;
  try {
    return await verifyMessage({ address, message: payerProofMessage(watchId, signedAt), signature });
  } catch {
    return false;
  }
}
