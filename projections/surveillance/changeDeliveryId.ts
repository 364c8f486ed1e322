import { createHash } from 'node:crypto';

/**
 * The delivery id of one change of one watched entity: a UUID (version 8, RFC 9562) drawn from the watch, the
 * change event's log position and the entity, so that a rebuild, a replay or a retry names it the same.
 */
export function changeDeliveryId(watchId: string, position: bigint, pays: string, id: string): string {
  const h = createHash('sha256').update(`${watchId}|${position}|${pays}|${id}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
