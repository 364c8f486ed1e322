import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SettleCall {
  x402Version: number;
  paymentPayload: Record<string, unknown>;
  paymentRequirements: Record<string, unknown>;
}

export interface FacilitatorStub {
  url: string;
  settleCalls: SettleCall[];
  /** What the next settlements answer: success, or a refusal with this reason. */
  failWith(reason: string | null): void;
  /** The next `n` settlements are cut before any answer (the connection is destroyed), as a network fault. */
  dropNext(n: number): void;
  /** Headers of every request received, in order, with `:path` set to its method and path. */
  requestHeaders: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** The only stub of the suite: a facilitator on 127.0.0.1 that records `/settle` and answers like the real one. */
export async function startFacilitatorStub(): Promise<FacilitatorStub> {
  const settleCalls: SettleCall[] = [];
  const requestHeaders: http.IncomingHttpHeaders[] = [];
  let failure: string | null = null;
  let drops = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requestHeaders.push({ ...req.headers, ':path': `${req.method} ${req.url}` });
      if (req.method === 'GET' && req.url === '/supported') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
            extensions: [],
            signers: {},
          }),
        );
        return;
      }
      if (req.method !== 'POST' || req.url !== '/settle') {
        res.writeHead(404).end();
        return;
      }
      if (drops > 0) {
        drops--;
        req.socket.destroy();
        return;
      }
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SettleCall;
      settleCalls.push(call);
      const auth = (call.paymentPayload.payload as { authorization?: { from?: string } } | undefined)
        ?.authorization;
      const body = failure
        ? { success: false, errorReason: failure, transaction: '', network: 'eip155:8453', payer: auth?.from }
        : { success: true, transaction: `0x${'ab'.repeat(32)}`, network: 'eip155:8453', payer: auth?.from };
      res.writeHead(failure ? 400 : 200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    settleCalls,
    failWith(reason) {
      failure = reason;
    },
    dropNext(n) {
      drops = n;
    },
    requestHeaders,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
