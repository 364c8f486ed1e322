import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded answer, or a misbehaviour to replay (a slow or failing upstream). */
export interface ReplayAnswer {
  status: number;
  body?: string | Buffer;
  /** Milliseconds before the answer is sent. */
  delayMs?: number;
}

export interface ReplayServer {
  url: string;
  /** The requests received: path with query, and headers (lower-case names). */
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  /** Replaces the answering function (e.g. to make the upstream fail). */
  answer: (req: { url: URL; headers: http.IncomingHttpHeaders }) => ReplayAnswer;
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
    state.requests.push({ url: req.url ?? '', headers: req.headers });
    const { status, body, delayMs } = state.answer({
      url: new URL(req.url ?? '/', 'http://replay.local'),
      headers: req.headers,
    });
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' });
      res.end(body);
    }, delayMs ?? 0);
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
