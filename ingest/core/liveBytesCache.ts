import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';

/**
 * The bytes of a live register's document (a filed PDF) as last fetched: kept out of the event log (which
 * holds the observation's URL, status, time, SHA-256 and length only), served again while younger than the
 * caller's maximum age, and purged when the register marks the document deleted. Not a read table: it cannot
 * be rebuilt from the log, and losing it only costs a new download.
 */
export interface LiveBytesCache {
  get(register: string, url: string, maxAgeMs: number, now: Date): Promise<CachedBytes | null>;
  put(register: string, url: string, entry: CachedBytes): Promise<void>;
  /** Forgets the bytes of these URLs; how many rows were removed. */
  purge(register: string, urls: readonly string[]): Promise<number>;
}

export interface CachedBytes {
  bytes: Buffer;
  sha256: string;
  contentType: string;
  /** UTC ISO 8601: when the register answered them (the `LiveRecordObserved`'s `observedAt`). */
  observedAt: string;
}

const TABLE = 'live_bytes_cache';

export const liveBytesCacheMigrations: Migration[] = [
  {
    name: '20261202_01_live_bytes_cache',
    async up(knex) {
      await knex.schema.createTable(TABLE, (t) => {
        t.text('register').notNullable();
        t.text('url').notNullable();
        t.binary('bytes').notNullable();
        t.text('sha256').notNullable();
        t.text('content_type').notNullable();
        t.timestamp('observed_at', { useTz: true }).notNullable();
        t.primary(['register', 'url']);
      });
    },
  },
];

interface Row {
  bytes: Buffer;
  sha256: string;
  content_type: string;
  observed_at: Date | string;
}

/** The cache in the service's database (table `live_bytes_cache`). */
export function databaseBytesCache(knex: Knex): LiveBytesCache {
  return {
    async get(register, url, maxAgeMs, now) {
      const since = new Date(now.getTime() - maxAgeMs);
      const row = (await knex(TABLE)
        .where({ register, url })
        .andWhere('observed_at', '>', since)
        .first('bytes', 'sha256', 'content_type', 'observed_at')) as Row | undefined;
      if (!row) return null;
      return {
        bytes: Buffer.from(row.bytes),
        sha256: row.sha256,
        contentType: row.content_type,
        observedAt: new Date(row.observed_at).toISOString(),
      };
    },
    async put(register, url, entry) {
      await knex(TABLE)
        .insert({
          register,
          url,
          bytes: entry.bytes,
          sha256: entry.sha256,
          content_type: entry.contentType,
          observed_at: entry.observedAt,
        })
        .onConflict(['register', 'url'])
        .merge();
    },
    async purge(register, urls) {
      if (urls.length === 0) return 0;
      return knex(TABLE).where({ register }).whereIn('url', urls).del();
    },
  };
}
