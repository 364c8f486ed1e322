import http from 'node:http';
import type { ReceivedWebhook } from '../../../ops/signing/webhookSignature.ts';

/** A local webhook receiver: keeps every request it gets, answers each with the next status queued (200 after). */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses (or a redirect to a path) for the next requests, in order. */
  answers: (number | { redirect: string })[];
  /** Resolves once `count` requests were received in all. */
  receivedCount(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: WebhookReceiver['answers'] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: `${base}${req.url}`, headers: req.headers, body: Buffer.concat(chunks) });
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const answer = answers.shift() ?? 200;
      if (typeof answer === 'number') res.writeHead(answer).end();
      else res.writeHead(302, { Location: `${base}${answer.redirect}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: `${base}/webhooks/registres`,
    received,
    answers,
    receivedCount: (count) =>
      received.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
