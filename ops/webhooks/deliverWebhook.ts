import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { type AddressPolicy, guardedLookup, RefusedAddressError, refusedAddress } from './publicAddress.ts';

export type DeliveryResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; refused: boolean };

/**
 * POSTs one webhook: over http(s) only, to an address the policy allows (every address the host resolves
 * to is checked, and the connection goes to a checked one), following no redirect (a 3xx is a failure), within
 * `timeoutMs` for the whole exchange. A 2xx is delivered; anything else a failure to retry. The answer's body
 * is read and dropped (at most what arrives before the time-out).
 */
export async function deliverWebhook(args: {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  policy: AddressPolicy;
  timeoutMs: number;
}): Promise<DeliveryResult> {
  let url: URL;
  try {
    url = new URL(args.url);
  } catch {
    return { ok: false, status: null, error: 'unreadable URL', refused: true };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, status: null, error: `scheme ${url.protocol} refused`, refused: true };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && args.policy === 'public') {
    const why = refusedAddress(host);
    if (why) return { ok: false, status: null, error: why, refused: true };
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...args.headers,
          'Content-Length': String(args.body.byteLength),
          'User-Agent': 'registres-webhooks',
        },
        lookup: guardedLookup(args.policy) as unknown as net.LookupFunction,
        signal: AbortSignal.timeout(args.timeoutMs),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300) resolve({ ok: true, status });
          else
            resolve({
              ok: false,
              status,
              error: status >= 300 && status < 400 ? 'redirect not followed' : `HTTP ${status}`,
              refused: false,
            });
        });
        res.on('error', (err) => resolve({ ok: false, status, error: err.message, refused: false }));
      },
    );
    req.on('error', (err) => {
      const refused = err instanceof RefusedAddressError;
      const error =
        err.name === 'AbortError' || err.name === 'TimeoutError'
          ? `no answer within ${args.timeoutMs} ms`
          : err.message;
      resolve({ ok: false, status: null, error, refused });
    });
    req.end(args.body);
  });
}
