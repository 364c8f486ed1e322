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
  close(): Promise<void>;
}

/** The only stub of the suite: a facilitator on 127.0.0.1 that records `/settle` and answers like the real one. */
export async function startFacilitatorStub(): Promise<FacilitatorStub> {
  const settleCalls: SettleCall[] = [];
  let failure: string | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/settle') {
        res.writeHead(404).end();
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
