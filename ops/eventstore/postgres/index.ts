import type { Knex } from 'knex';
import type { NotificationSource } from '../../database/notifications.ts';
import type { Logger } from '../../logger.ts';
import type { EventStore } from '../port.ts';
import { appendBulk } from './appendBulk.ts';
import { appendToStream, currentVersion } from './appendToStream.ts';
import { readEntityBlocks } from './entityBlockRows.ts';
import { headPosition, readAll } from './readAll.ts';
import { ReadGroups } from './readGroups.ts';
import { readStream } from './readStream.ts';
import { subscribe } from './subscribe.ts';

export { eventStoreMigrations } from './schema.ts';

export function createPostgresEventStore(deps: {
  knex: Knex;
  notifications: NotificationSource;
  logger: Logger;
}): EventStore {
  const { knex, notifications, logger } = deps;
  const groups = new ReadGroups(knex);
  return {
    append: (streamId, events, expected) => appendToStream(knex, streamId, events, expected),
    appendBulk: (entries, opts) => appendBulk(knex, entries, opts),
    readStream: (streamId, opts) => readStream(knex, streamId, opts),
    readAll: (from, opts) => readAll(knex, from, opts),
    streamVersion: (streamId) => currentVersion(knex, streamId),
    entityBlocks: (register, id, kind) => readEntityBlocks(knex, register, id, kind),
    headPosition: () => headPosition(knex),
    refreshStatistics: async () => {
      await knex.raw('analyze events');
    },
    subscribe: (opts) => subscribe(knex, notifications, logger, opts, groups),
  };
}
