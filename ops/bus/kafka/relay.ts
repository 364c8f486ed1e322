import type { Kafka, Message, Producer } from 'kafkajs';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent, Subscription } from '../../eventstore/port.ts';
import type { Logger } from '../../logger.ts';
import { eventMessage, markMessage, partitionOf } from './eventRecords.ts';
import type { KafkaSettings } from './kafkaSettings.ts';
import { ensureTopic, readTails } from './topic.ts';

/**
 * The relay: publishes the event log to its topic in log order (eventRecords.ts for the layout), through an
 * idempotent producer, and stores the last position the broker acknowledged (`bus_relay_state`) after each
 * batch. After a crash it starts again from the stored position and first reads the last position each
 * partition holds: what a batch cut short had already published is not sent again, so every event is on
 * the topic once (a barrier once per partition).
 */
export interface Relay {
  /** Position of the last event acknowledged by the broker and stored. */
  readonly position: bigint;
  /** Resolves once everything up to `position` is published and stored. */
  reached(position: bigint): Promise<void>;
  /** Rejects when the relay fails (the broker or the database gone for good, another relay's move). */
  readonly failed: Promise<never>;
  stop(): Promise<void>;
}

export interface RelayDeps {
  knex: Knex;
  store: EventStore;
  kafka: Kafka;
  settings: KafkaSettings;
  logger: Logger;
  /** Events every reader must apply in the log's global order (published to every partition). */
  isBarrier(type: string): boolean;
  /** Events read from the log at once (default 5000). */
  batchSize?: number;
  /** Records per produce request (default 2000). */
  sendSize?: number;
}

export async function startRelay(deps: RelayDeps): Promise<Relay> {
  const { knex, settings } = deps;
  const logger = deps.logger.child({ component: 'relay', topic: settings.topic });
  const admin = deps.kafka.admin();
  await admin.connect();
  let partitions: number;
  try {
    partitions = await ensureTopic(admin, settings);
  } finally {
    await admin.disconnect();
  }
  let stored = await readRelayPosition(knex, settings.topic);
  const tails = await readTails(deps.kafka, settings.topic);
  const ahead = tails.filter((t) => t > stored).length;
  logger.info(
    { from: stored.toString(), partitions, tails: tails.map(String), partitionsAhead: ahead },
    'relay starting',
  );
  const producer = deps.kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  const sendSize = deps.sendSize ?? 2000;

  let fail: (err: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);

  const publish = async (events: RecordedEvent[]) => {
    const last = events.at(-1);
    if (!last) return;
    const messages = recordsOf(events, tails, partitions, deps.isBarrier);
    for (let i = 0; i < messages.length; i += sendSize) {
      const chunk = messages.slice(i, i + sendSize);
      await send(producer, settings.topic, chunk);
      for (const m of chunk) tails[m.partition!] = BigInt(String(m.headers!.position));
      logger.debug(
        { chunkEnd: String(chunk.at(-1)!.headers!.position), batchEnd: last.position.toString() },
        'relay chunk acknowledged',
      );
    }
    await moveRelayPosition(knex, settings.topic, stored, last.position);
    stored = last.position;
  };

  const subscription: Subscription = deps.store.subscribe({
    from: stored,
    batchSize: deps.batchSize ?? 5000,
    onEvents: publish,
    onError: (err) => {
      logger.error({ err: (err as Error).message }, 'relay stopped');
      fail(err);
    },
  });

  return {
    get position() {
      return stored;
    },
    reached: (position) => Promise.race([subscription.reached(position), failed]),
    failed,
    async stop() {
      await subscription.stop();
      await producer.disconnect();
    },
  };
}

/**
 * The records of a batch, in log order, less those a partition already holds (its tail at or past them);
 * then a mark in every partition whose last record is before the batch's end.
 */
function recordsOf(
  events: readonly RecordedEvent[],
  tails: readonly bigint[],
  partitions: number,
  isBarrier: (type: string) => boolean,
): Message[] {
  const messages: Message[] = [];
  const reach = [...tails];
  for (const event of events) {
    const home = partitionOf(event.streamId, partitions);
    if (isBarrier(event.type)) {
      for (let p = 0; p < partitions; p++) {
        if (event.position <= reach[p]!) continue;
        messages.push(eventMessage(event, p, home));
        reach[p] = event.position;
      }
    } else if (event.position > reach[home]!) {
      messages.push(eventMessage(event, home));
      reach[home] = event.position;
    }
  }
  const end = events.at(-1)!.position;
  for (let p = 0; p < partitions; p++) {
    if (reach[p]! < end) messages.push(markMessage(end, p));
  }
  return messages;
}

async function send(producer: Producer, topic: string, messages: Message[]): Promise<void> {
  await producer.send({ topic, acks: -1, messages });
}

export async function readRelayPosition(knex: Knex, topic: string): Promise<bigint> {
  await knex.raw(
    'insert into bus_relay_state (topic, position, updated_at) values (?, 0, now()) on conflict (topic) do nothing',
    [topic],
  );
  const { rows } = await knex.raw<{ rows: { position: string }[] }>(
    'select position from bus_relay_state where topic = ?',
    [topic],
  );
  return BigInt(rows[0]?.position ?? '0');
}

/** A compare-and-set: a second relay on the same topic (never meant to run) is stopped, not overwritten. */
async function moveRelayPosition(knex: Knex, topic: string, from: bigint, to: bigint): Promise<void> {
  const updated = await knex.raw<{ rowCount: number | null }>(
    'update bus_relay_state set position = ?, updated_at = now() where topic = ? and position = ?',
    [to.toString(), topic, from.toString()],
  );
  if (updated.rowCount !== 1)
    throw new Error(`relay position of topic ${topic} is no longer at ${from}: another relay moved it`);
}
