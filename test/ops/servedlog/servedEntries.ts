import type { ServedEntry } from '../../../ops/servedlog/responseServed.ts';

let n = 0;

/** A served entry as the signing middleware records it; `servedAt` decides its day stream. */
export function servedEntry(servedAt: string, overrides: Partial<ServedEntry> = {}): ServedEntry {
  n += 1;
  return {
    routeId: 'entreprise.profil',
    method: 'GET',
    path: `/v1/entreprises/55210055${n % 10}`,
    query: n % 2 ? '' : 'champs=siege',
    status: 200,
    contentDigest: `sha-256=:${Buffer.from(`body ${n}`).toString('base64')}:`,
    signature: `:${Buffer.from(`signature ${n}`).toString('base64')}:`,
    signatureInput: `("@method";req);created=${Math.floor(Date.parse(servedAt) / 1000)};keyid="k";alg="ed25519"`,
    keyId: 'k',
    servedAt,
    ...overrides,
  };
}
