import { createHash } from 'node:crypto';
import { canonicalJson } from '../../ops/json/canonicalJson.ts';

/**
 * SHA-256 of the record's canonical JSON (keys sorted), so a reordered export is not a change. Readers that
 * build records with their keys in sorted order get the one-pass path (see canonicalJson).
 */
export function digestOf(record: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(record)).digest('hex');
}
