import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import { positionOf } from './eventRecords.ts';
import type { KafkaSettings } from './kafkaSettings.ts';

/** Creates the topic when missing; returns its number of partitions. */
export async function ensureTopic(admin: Admin, settings: KafkaSettings): Promise<number> {
  const existing = await admin.listTopics();
  if (!existing.includes(settings.topic)) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: settings.topic,
          numPartitions: settings.partitions,
          replicationFactor: settings.replication,
          // The log is kept whole: a reader joining later replays it from the start.
          configEntries: [{ name: 'retention.ms', value: '-1' }],
        },
      ],
    });
  }
  return partitionCount(admin, settings.topic);
}

export async function partitionCount(admin: Admin, topic: string): Promise<number> {
  const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
  const n = topics[0]?.partitions.length ?? 0;
  if (n === 0) throw new Error(`topic ${topic} has no partition`);
  return n;
}

/**
 * The log position of the last record of each partition (0n for an empty one): what a relay restarted after
 * a crash finds already published. Read by a consumer of its own (a group of one, deleted afterwards) that
 * seeks each partition to its last offset.
 */
export async function readTails(kafka: Kafka, topic: string, timeoutMs = 30_000): Promise<bigint[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    const tails = new Array<bigint>(offsets.length).fill(0n);
    const pending = new Map<number, string>();
    for (const o of offsets) {
      const high = BigInt(o.high);
      if (high > BigInt(o.low)) pending.set(o.partition, (high - 1n).toString());
    }
    if (pending.size === 0) return tails;
    const groupId = `registres-tail-${randomUUID()}`;
    const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, rebalanceTimeout: 10_000 });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: false });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the tails of topic ${topic} were not read in ${timeoutMs} ms`)),
          timeoutMs,
        );
        consumer
          .run({
            autoCommit: false,
            eachBatch: async ({ batch }) => {
              const last = pending.get(batch.partition);
              if (last === undefined) return;
              const message = batch.messages.find((m) => m.offset === last);
              if (!message) return;
              tails[batch.partition] = positionOf(message);
              pending.delete(batch.partition);
              if (pending.size === 0) {
                clearTimeout(timer);
                resolve();
              }
            },
          })
          .catch(reject);
        for (const [partition, offset] of pending) consumer.seek({ topic, partition, offset });
      });
    } finally {
      await consumer.disconnect();
      await admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return tails;
  } finally {
    await admin.disconnect();
  }
}
