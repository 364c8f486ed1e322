/** Where the event log's topic lives: `KAFKA_BROKERS` (comma-separated host:port) and `KAFKA_TOPIC`. */
export interface KafkaSettings {
  brokers: string[];
  topic: string;
  /** Partitions of the topic when the relay creates it (`KAFKA_PARTITIONS`, default 3). */
  partitions: number;
  /** Replicas of each partition when the relay creates it (`KAFKA_REPLICATION`, default 1). */
  replication: number;
  /** The projectors' consumer group (`KAFKA_GROUP`). */
  group: string;
}

/** The single-node broker of ops/kafka/kafka.sh. */
export const DEFAULT_BROKERS = '127.0.0.1:19092';
export const DEFAULT_TOPIC = 'registres-events';
export const DEFAULT_GROUP = 'registres-projector';

export function kafkaSettingsFrom(env: NodeJS.ProcessEnv = process.env): KafkaSettings {
  const brokers = (env.KAFKA_BROKERS ?? DEFAULT_BROKERS)
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '');
  return {
    brokers,
    topic: env.KAFKA_TOPIC?.trim() || DEFAULT_TOPIC,
    partitions: positiveInteger(env.KAFKA_PARTITIONS, 3),
    replication: positiveInteger(env.KAFKA_REPLICATION, 1),
    group: env.KAFKA_GROUP?.trim() || DEFAULT_GROUP,
  };
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
