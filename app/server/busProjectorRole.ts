import { createKafka } from '../../ops/bus/kafka/kafkaClient.ts';
import { kafkaSettingsFrom } from '../../ops/bus/kafka/kafkaSettings.ts';
import type { CliContext } from '../../ops/commandContext.ts';
import { openDatabase } from '../../ops/database/openDatabase.ts';
import { createBusProjector } from '../../projections/core/busProjector.ts';
import { PROJECTIONS } from '../readSide.ts';
import { migrateAll } from './migrateAll.ts';

/**
 * `serve --role projector --bus kafka`: the read models fed from the Kafka topic the relay writes, as one
 * member of the projectors' consumer group (projections/core/busProjector.ts), until SIGINT or SIGTERM.
 * Answers nothing; PostgreSQL only (the members share the read tables).
 */
export async function serveBusProjector(ctx: CliContext): Promise<number> {
  const { config, logger } = ctx;
  if (!config.databaseUrl) {
    ctx.out('--bus kafka needs a PostgreSQL server (DATABASE_URL): the projectors share its read tables');
    return 2;
  }
  const settings = kafkaSettingsFrom();
  let requestStop: (signal: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => {
    requestStop = resolve;
  });
  process.once('SIGINT', () => requestStop('SIGINT'));
  process.once('SIGTERM', () => requestStop('SIGTERM'));
  const db = await openDatabase(config, logger);
  try {
    ctx.out(`Database: PostgreSQL server ${db.displayUrl}`);
    await migrateAll(db.knex, PROJECTIONS, { exclusive: true });
    const projector = createBusProjector({
      knex: db.knex,
      kafka: createKafka(settings, logger, 'registres-projector'),
      topic: settings.topic,
      groupId: settings.group,
      projections: PROJECTIONS,
      logger,
    });
    try {
      await projector.start();
    } catch (err) {
      logger.error({ err: (err as Error).message, brokers: settings.brokers }, 'projector could not start');
      await projector.stop().catch(() => undefined);
      return 1;
    }
    ctx.out('Role: projector');
    ctx.out(`Ready: consuming Kafka topic ${settings.topic} as a member of group ${settings.group}`);
    const signal = await stopRequested;
    logger.info({ signal }, 'shutting down: leaving the consumer group');
    await projector.stop();
    logger.info('stopped');
    return 0;
  } finally {
    await db.close();
  }
}
