import { type IncomingHttpHeaders, request } from 'node:http';

/**
 * A request as sent on the wire, with any method (fetch refuses TRACE and some others), answered whole: the
 * status, the headers, and the body as raw bytes (fetch would decode a compressed body; a HEAD has none).
 */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
