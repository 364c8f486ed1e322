import { expect } from 'chai';
import type { EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { eventMessage } from '../../../ops/bus/kafka/eventRecords.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { createBusProjector } from '../../../projections/core/busProjector.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { openTestBed, type TestBed } from './testBed.ts';

const TOPIC = 'registres-events-test';

/**
 * A stand-in for the broker: one topic of one partition, a consumer whose batches the test hands over itself
 * (what kafkajs's `eachBatch` receives). The projector's own logic runs as under `--bus kafka`, without Kafka.
 */
function fakeKafka() {
  let eachBatch: ((payload: EachBatchPayload) => Promise<void>) | null = null;
  const kafka = {
    admin: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      listTopics: async () => [TOPIC],
      fetchTopicMetadata: async () => ({ topics: [{ name: TOPIC, partitions: [{ partitionId: 0 }] }] }),
    }),
    consumer: () => ({
      events: { GROUP_JOIN: 'consumer.group_join' },
      on: () => undefined,
      connect: async () => undefined,
      subscribe: async () => undefined,
      run: async (config: { eachBatch: (payload: EachBatchPayload) => Promise<void> }) => {
        eachBatch = config.eachBatch;
      },
      paused: () => [],
      disconnect: async () => undefined,
    }),
  } as unknown as Kafka;
  let offset = 0;
  /** The events as one batch of partition 0, as the relay writes them. */
  const deliver = async (events: readonly RecordedEvent[]) => {
    const messages = events.map((e) => {
      const m = eventMessage(e, 0);
      return {
        key: Buffer.from(String(m.key)),
        value: Buffer.from(String(m.value)),
        headers: m.headers,
        offset: String(offset++),
        timestamp: '0',
        attributes: 0,
      } as KafkaMessage;
    });
    await eachBatch!({
      batch: { topic: TOPIC, partition: 0, messages },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
      pause: () => () => undefined,
    } as unknown as EachBatchPayload);
  };
  return { kafka, deliver };
}

describe(`the Kafka projector and Projection.acts (${targetDescription})`, () => {
  let bed: TestBed;
  const seen: string[] = [];
  // Reads every `Noted`, acts on those marked `kept` only (as the watches act on the European profiles only).
  const projection: Projection = {
    name: 'test_bus_acts',
    registers: [],
    tables: [],
    migrations: [],
    handlers: {
      Noted: async (_trx, event) => {
        seen.push((event.data as { id: string }).id);
      },
    },
    acts: (event) => (event.data as { kept?: boolean }).kept === true,
  };
  before(async () => {
    bed = await openTestBed([projection]);
  });
  after(async () => {
    await bed?.close();
  });

  const noted = async (id: string, kept: boolean) => {
    await bed.store.append(`test.noted-${id}`, [{ type: 'Noted', data: { id, kept } }], 'any');
    const [event] = (await bed.store.readAll(0n)).filter((e) => (e.data as { id?: string }).id === id);
    return event!;
  };
  const watermark = async () =>
    BigInt(
      (await bed.knex('projection_state').where({ name: projection.name }).first<{ position: string }>())!
        .position,
    );

  it('passes over a batch holding nothing it acts on (no handler runs), and applies one that holds some', async () => {
    const { kafka, deliver } = fakeKafka();
    const projector = createBusProjector({
      knex: bed.knex,
      kafka,
      topic: TOPIC,
      groupId: 'test',
      projections: [projection],
      logger: testLogger,
    });
    await projector.start();
    try {
      const passed = [await noted('a', false), await noted('b', false)];
      await deliver(passed);
      expect(seen).to.deep.equal([]);
      expect(await watermark()).to.equal(passed[1]!.position);

      const applied = [await noted('c', false), await noted('d', true)];
      await deliver(applied);
      expect(seen).to.include('d');
      expect(await watermark()).to.equal(applied[1]!.position);
    } finally {
      await projector.stop();
    }
  });
});
