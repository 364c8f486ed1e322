import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LiveRecordings, recordedAnswer } from '../../ingest/core/liveRecordings.ts';
import type { EuLiveSource, FrenchLiveSource } from '../readSide.ts';

/** What the replay needs of a live register (European or French): its code, recordings, credentials. */
type ReplayedSource = Pick<EuLiveSource | FrenchLiveSource, 'info' | 'credentials'> & {
  parts: { recordings: LiveRecordings };
};

export interface LiveReplay {
  /** Each live register's address on the replay server, by register code. */
  urls: Record<string, string>;
  /** Placeholder credentials for the registers that need some: the replay server asks for none. */
  credentials: Record<string, string>;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

/**
 * What the replay answers to a question it holds no recording for: an outage of the register (503, which
 * every live client reads as a transient failure, then `503 amont_indisponible`), never a 404, which several
 * registers' readers take as a fact ("the register holds no such company"). A recorded 404 is still replayed.
 */
export const UNRECORDED_STATUS = 503;

/**
 * `LIVE_REPLAY=1`: a local server that answers each live register's requests with its recorded real answers
 * (ingest/<stem>/live/, see their SOURCE.txt), so `npm start` serves a Czech profile offline and without
 * credentials. A request with no recording is an outage ({@link UNRECORDED_STATUS}): the demo never invents
 * an answer, nor an absence.
 */
export async function startLiveReplay(
  sources: readonly ReplayedSource[],
  host = '127.0.0.1',
): Promise<LiveReplay> {
  const byPrefix = new Map(sources.map((s) => [`/${encodeURIComponent(s.info.register)}`, s]));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay.local');
    const prefix = `/${url.pathname.split('/')[1] ?? ''}`;
    const source = byPrefix.get(prefix);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
      } catch {
        body = null;
      }
      const answer = source
        ? recordedAnswer(source.parts.recordings, {
            method: req.method ?? 'GET',
            path: url.pathname.slice(prefix.length) + url.search,
            body,
          })
        : null;
      if (!answer) {
        res
          .writeHead(UNRECORDED_STATUS, { 'content-type': 'text/plain;charset=utf-8' })
          .end('No recorded answer for this question: the replayed register is unavailable for it.\n');
        return;
      }
      res.writeHead(answer.status, answer.body ? { 'content-type': answer.contentType } : {});
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    urls: Object.fromEntries(
      sources.map((s) => [s.info.register, `${base}/${encodeURIComponent(s.info.register)}`]),
    ),
    credentials: Object.fromEntries(
      sources.filter((s) => s.credentials).map((s) => [s.info.register, 'replay:replay']),
    ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
