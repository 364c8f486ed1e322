import { createHash } from 'node:crypto';
import type { AuditCheck } from './auditCheck.ts';
import { headerValue, type SavedResponse } from './parseSavedResponse.ts';
import { parseDictionary } from './parseStructuredFields.ts';

const ALGORITHMS: Record<string, string> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };

/** RFC 9530: every digest the response states, of an algorithm we know, matches the body bytes. */
export function verifyContentDigest(response: SavedResponse): AuditCheck {
  const name = 'content-digest';
  const field = headerValue(response, 'content-digest');
  if (field === null) return { name, holds: false, detail: 'the response has no Content-Digest field' };
  let members: ReturnType<typeof parseDictionary>;
  try {
    members = parseDictionary(field);
  } catch (error) {
    return { name, holds: false, detail: `unreadable Content-Digest: ${(error as Error).message}` };
  }
  const checked: string[] = [];
  for (const [algorithm, member] of members) {
    const nodeName = ALGORITHMS[algorithm];
    if (!nodeName) continue;
    if (member.kind !== 'item' || !(member.value instanceof Uint8Array)) {
      return { name, holds: false, detail: `${algorithm} is not a byte sequence` };
    }
    const actual = createHash(nodeName).update(response.body).digest();
    if (!actual.equals(Buffer.from(member.value))) {
      return {
        name,
        holds: false,
        detail: `${algorithm} of the ${response.body.length} body bytes is ${actual.toString('base64')}, the field says ${Buffer.from(member.value).toString('base64')}`,
      };
    }
    checked.push(algorithm);
  }
  if (checked.length === 0)
    return { name, holds: false, detail: 'no sha-256 or sha-512 digest in Content-Digest' };
  return {
    name,
    holds: true,
    detail: `${checked.join(' and ')} of the ${response.body.length} body bytes matches`,
  };
}
