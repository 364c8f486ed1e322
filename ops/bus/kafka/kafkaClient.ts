import { Kafka, logLevel } from 'kafkajs';
import type { Logger } from '../../logger.ts';
import type { KafkaSettings } from './kafkaSettings.ts';

/**
 * A kafkajs client whose own log goes to pino at debug level: kafkajs logs the retries it makes on its own
 * (a group coordinator still loading, a leader moving) as errors, which they are not for us; what fails for
 * good reaches the caller as a rejected promise.
 */
export function createKafka(settings: KafkaSettings, logger: Logger, clientId: string): Kafka {
  const log = logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId,
    brokers: settings.brokers,
    logLevel: logLevel.INFO,
    logCreator:
      () =>
      ({ namespace, log: entry }) => {
        const { message, ...rest } = entry;
        log.debug({ namespace, ...rest }, message);
      },
    retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 5000 },
  });
}
