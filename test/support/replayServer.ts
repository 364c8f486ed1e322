import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded answer, or a misbehaviour to replay (a slow or failing upstream). */
export interface ReplayAnswer {
  status: number;
  body?: string | Buffer;
  /** Milliseconds before the answer is sent. */
  delayMs?: number;
  /** Default `application/json;charset=utf-8` (an HTML error page says `text/html`). */
  contentType?: string;
  /** More headers of the answer (e.g. `retry-after`). */
  headers?: Record<string, string>;
}

export interface ReplayServer {
  url: string;
  /** The requests received: method, path with query, headers (lower-case names) and body. */
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  /** Replaces the answering function (e.g. to make the upstream fail). */
  answer: (req: {
    method: string;
    url: URL;
    headers: http.IncomingHttpHeaders;
    body: string;
  }) => ReplayAnswer;
  close(): Promise<void>;
}

/**
 * A local server replaying an upstream register's recorded answers (tests never touch the network). The
 * answering function chooses, per request, which recorded answer (or failure) to send.
 */
export async function startReplayServer(answer: ReplayServer['answer']): Promise<ReplayServer> {
  const state: ReplayServer = {
    url: '',
    requests: [],
    answer,
    close: async () => {},
  };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      state.requests.push({ method, url: req.url ?? '', headers: req.headers, body: requestBody });
      const { status, body, delayMs, contentType, headers } = state.answer({
        method,
        url: new URL(req.url ?? '/', 'http://replay.local'),
        headers: req.headers,
        body: requestBody,
      });
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, {
          ...(body === undefined ? {} : { 'content-type': contentType ?? 'application/json;charset=utf-8' }),
          ...headers,
        });
        res.end(body);
      }, delayMs ?? 0);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
