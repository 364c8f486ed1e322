import fs from 'node:fs/promises';
import type { JwkSet } from '../signing/jwk.ts';

/** A JWK set from a file or an http(s) URL (a served `/.well-known/jwks.json`). */
export async function loadJwks(source: string): Promise<JwkSet> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const res = await fetch(source, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    text = await res.text();
  } else {
    text = await fs.readFile(source, 'utf8');
  }
  const doc = JSON.parse(text) as unknown;
  if (!doc || typeof doc !== 'object' || !Array.isArray((doc as { keys?: unknown }).keys)) {
    throw new Error(`${source} is not a JWK set (no "keys" array)`);
  }
  return doc as JwkSet;
}
