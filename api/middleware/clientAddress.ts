import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The MCP endpoint calls each tool's HTTP route on this same server: without more, every MCP caller would
 * arrive from this server's own address and share one rate-limit bucket. The relayed request names its
 * caller's address, and proves it comes from this process with a token drawn at start that never leaves it.
 */
const RELAY_TOKEN = Buffer.from(randomBytes(32).toString('base64url'));
const TOKEN_HEADER = 'x-registres-relais';
const ADDRESS_HEADER = 'x-registres-client';

/** The headers a request relayed by this process carries for the address of the client it relays. */
export function relayHeaders(clientAddress: string): Record<string, string> {
  return { [TOKEN_HEADER]: RELAY_TOKEN.toString(), [ADDRESS_HEADER]: clientAddress };
}

/**
 * The address a request is counted against: the relayed client's when this process relayed it, else the
 * connection's (or the forwarded one behind a trusted proxy, `TRUST_PROXY=1`). A forged header is ignored.
 */
export function clientAddress(ctx: { ip: string; get(field: string): string }): string {
  const token = Buffer.from(ctx.get(TOKEN_HEADER));
  const relayed = ctx.get(ADDRESS_HEADER);
  if (relayed && token.length === RELAY_TOKEN.length && timingSafeEqual(token, RELAY_TOKEN)) return relayed;
  return ctx.ip;
}
