import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { RecordedEvent } from '../../eventstore/port.ts';

/**
 * How the event log is laid out on its topic (docs/ARCHITECTURE.md, "The log on Kafka"):
 *
 * - `event`: one event of the log, keyed by its stream id, in the stream's partition (partitionOf), so that
 *   an entity's events stay in order in one partition;
 * - `barrier`: an event every reader must apply in the log's global order (a snapshot pass's frame): a copy
 *   in every partition, `home` naming the partition whose reader applies it (its stream's);
 * - `mark`: no event: "this partition holds everything of the log up to `position`", written by the relay at
 *   the end of each batch so that every partition's readers (and the lag they report) move on.
 *
 * Every record carries the log position in its `position` header; in a partition, positions only grow.
 */
export type RecordKind = 'event' | 'barrier' | 'mark';

export interface TopicRecord {
  kind: RecordKind;
  position: bigint;
  /** For a barrier: the partition whose reader applies it. */
  home?: number;
  /** For an event or a barrier. */
  event?: RecordedEvent;
}

/** The partition of a stream: FNV-1a of its id (its UTF-8 bytes), modulo the topic's partitions. */
export function partitionOf(streamId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(streamId, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

interface EventValue {
  streamId: string;
  streamVersion: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recordedAt: string;
}

export function eventMessage(event: RecordedEvent, partition: number, home?: number): Message {
  const value: EventValue = {
    streamId: event.streamId,
    streamVersion: event.streamVersion.toString(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
  };
  const headers: IHeaders = {
    position: event.position.toString(),
    kind: home === undefined ? 'event' : 'barrier',
    type: event.type,
  };
  if (home !== undefined) headers.home = String(home);
  return { key: event.streamId, value: JSON.stringify(value), partition, headers };
}

export function markMessage(position: bigint, partition: number): Message {
  return { key: null, value: null, partition, headers: { position: position.toString(), kind: 'mark' } };
}

function header(message: Pick<KafkaMessage, 'headers'>, name: string): string | undefined {
  const h = message.headers?.[name];
  if (h === undefined) return undefined;
  const v = Array.isArray(h) ? h[0] : h;
  return v === undefined ? undefined : v.toString();
}

/** The log position a record carries (every record of the topic has one). */
export function positionOf(message: Pick<KafkaMessage, 'headers'>): bigint {
  const p = header(message, 'position');
  if (p === undefined || !/^[0-9]+$/.test(p)) throw new Error('record without a position header');
  return BigInt(p);
}

export function decodeRecord(message: KafkaMessage): TopicRecord {
  const position = positionOf(message);
  const kind = (header(message, 'kind') ?? 'event') as RecordKind;
  if (kind === 'mark') return { kind, position };
  if (!message.value) throw new Error(`record at position ${position} without a value`);
  const v = JSON.parse(message.value.toString('utf8')) as EventValue;
  const event: RecordedEvent = {
    position,
    streamId: v.streamId,
    streamVersion: BigInt(v.streamVersion),
    type: v.type,
    data: v.data,
    metadata: v.metadata,
    recordedAt: new Date(v.recordedAt),
  };
  if (kind === 'barrier') return { kind, position, home: Number(header(message, 'home')), event };
  return { kind: 'event', position, event };
}
