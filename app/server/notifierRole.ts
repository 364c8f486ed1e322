import type { Config } from '../../ops/config.ts';
import { createPostgresEventStore } from '../../ops/eventstore/postgres/index.ts';
import type { Logger } from '../../ops/logger.ts';
import { createSecretBox } from '../../ops/signing/sealedSecret.ts';
import { createNotifier, type Notifier } from '../notifier/notifier.ts';
import { DEFAULT_RETRY_SCHEDULE } from '../notifier/retrySchedule.ts';
import type { Service } from './composeService.ts';

/**
 * The notifier of a `serve --role notifier` process, over the service's database and signing key: the same
 * key that signs the API's answers signs the webhooks (one JWK set verifies both), and opens the watches'
 * sealed secrets. Started once the database is reached and migrated.
 */
export function createServiceNotifier(service: Service, config: Config, logger: Logger): Notifier {
  const { db } = service;
  return createNotifier({
    knex: db.knex,
    storeIn: (trx) => createPostgresEventStore({ knex: trx, notifications: db.notifications, logger }),
    signer: service.signer,
    secrets: createSecretBox(service.signer),
    logger,
    policy: config.webhooks.addresses,
    timeoutMs: config.webhooks.timeoutMs,
    schedule: { ...DEFAULT_RETRY_SCHEDULE, initialDelayMs: config.webhooks.retryInitialMs },
    pollMs: config.webhooks.pollMs,
  });
}
