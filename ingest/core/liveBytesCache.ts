import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
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
  sha256: string;
  content_type: string;
  observed_at: Date | string;
}

/** Bytes kept in this process's memory by default (the 2 MB PDFs most asked fit by the dozen). */
export const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;
/** The longest any document's bytes are kept (its maximum age in the table): a day. */
const MEMORY_TTL_MS = 24 * 3600_000;

/**
 * The cache in the service's database (table `live_bytes_cache`), with the bytes most read also kept in this
 * process's memory. The table stays the authority: every read asks it for the entry's SHA-256 (a small row),
 * and only the bytes come from memory, found by that SHA-256. A document purged from the table (deleted by
 * the register, in this process or another) is no longer found, whatever memory holds; bytes found in memory
 * are the ones the table names, since they are looked up by their digest. Reading 2 MB of `bytea` from the
 * database, hex-encoded on the way, cost several times streaming them from disk (bench documents).
 */
export function databaseBytesCache(knex: Knex, opts: { memoryBytes?: number } = {}): LiveBytesCache {
  const maxSize = opts.memoryBytes ?? DEFAULT_MEMORY_BYTES;
  const memory =
    maxSize > 0
      ? new LRUCache<string, Buffer>({
          maxSize,
          sizeCalculation: (bytes) => Math.max(1, bytes.length),
          ttl: MEMORY_TTL_MS,
        })
      : null;
  const remember = (sha256: string, bytes: Buffer) => {
    if (memory && bytes.length <= maxSize) memory.set(sha256, bytes);
  };
  return {
    async get(register, url, maxAgeMs, now) {
      const since = new Date(now.getTime() - maxAgeMs);
      const row = (await knex(TABLE)
        .where({ register, url })
        .andWhere('observed_at', '>', since)
        .first('sha256', 'content_type', 'observed_at')) as Row | undefined;
      if (!row) return null;
      let bytes = memory?.get(row.sha256);
      if (!bytes) {
        const stored = (await knex(TABLE).where({ register, url, sha256: row.sha256 }).first('bytes')) as
          | { bytes: Buffer }
          | undefined;
        // Replaced or purged between the two reads: nothing is served from a half-read entry.
        if (!stored) return null;
        bytes = Buffer.from(stored.bytes);
        remember(row.sha256, bytes);
      }
      return {
        bytes,
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
      remember(entry.sha256, entry.bytes);
    },
    async purge(register, urls) {
      if (urls.length === 0) return 0;
      const purged = (await knex(TABLE)
        .where({ register })
        .whereIn('url', urls)
        .del()
        .returning('sha256')) as { sha256: string }[];
      // This process forgets them too; another process's memory can no longer reach them (no row names
      // them) and lets them go within a day (the memory's own age limit).
      for (const { sha256 } of purged) memory?.delete(sha256);
      return purged.length;
    },
  };
}
