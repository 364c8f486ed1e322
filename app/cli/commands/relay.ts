import { createKafka } from '../../../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../../../ops/bus/kafka/kafkaSettings.ts';
import { startRelay } from '../../../ops/bus/kafka/relay.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { SNAPSHOT_EVENT_TYPES } from '../../../schemas/events/snapshotEvents.ts';

/**
 * `relay --bus kafka`: publishes the event log to the Kafka topic (KAFKA_BROKERS, KAFKA_TOPIC) until SIGINT or
 * SIGTERM, resuming where the last run's acknowledged position left it (ops/bus/kafka/relay.ts). The barriers,
 * which every projector applies in the log's global order: the snapshot passes' frames and the types a read
 * model needs in that order (Projection.globalOrder).
 * Exits 1 when the relay fails (restart it: it resumes without publishing anything twice).
 */
export async function relayCommand(
  opts: { bus: string; batchSize?: string; sendSize?: string },
  ctx: CliContext,
): Promise<number> {
  if (opts.bus !== 'kafka') {
    ctx.out(`unknown bus: ${opts.bus} (kafka)`);
    return 2;
  }
  const batchSize = positiveOption(opts.batchSize);
  const sendSize = positiveOption(opts.sendSize);
  if (batchSize === null || sendSize === null) {
    ctx.out('--batch-size, --send-size: positive integers');
    return 2;
  }
  const settings = kafkaSettingsFrom();
  const { PROJECTIONS } = await import('../../readSide.ts');
  const barriers = new Set([...SNAPSHOT_EVENT_TYPES, ...PROJECTIONS.flatMap((p) => p.globalOrder ?? [])]);
  return ctx.withDatabase(async (db, store) => {
    const kafka = createKafka(settings, ctx.logger, 'registres-relay');
    const relay = await startRelay({
      knex: db.knex,
      store,
      kafka,
      settings,
      logger: ctx.logger,
      isBarrier: (type) => barriers.has(type),
      ...(batchSize ? { batchSize } : {}),
      ...(sendSize ? { sendSize } : {}),
    }).catch((err: Error) => {
      ctx.logger.error({ err: err.message, brokers: settings.brokers }, 'relay could not start');
      return null;
    });
    if (!relay) return 1;
    ctx.out(`Relay: event log → Kafka topic ${settings.topic} on ${settings.brokers.join(',')}`);
    const stopRequested = new Promise<string>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    });
    const outcome = await Promise.race([
      stopRequested.then((signal) => ({ signal })),
      relay.failed.catch((err: unknown) => ({ err })),
    ]);
    await relay.stop().catch(() => undefined);
    if ('err' in outcome) return 1;
    ctx.logger.info({ signal: outcome.signal, position: relay.position.toString() }, 'relay stopped');
    return 0;
  });
}

/** undefined: not given; null: not a positive integer. */
function positiveOption(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
