import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { databaseBytesCache, liveBytesCacheMigrations } from '../../../ingest/core/liveBytesCache.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { migratedDatabase, targetDescription } from '../../support/database.ts';

const REGISTER = 'fr.rne';
const URL_A = 'https://registre-national-entreprises.inpi.fr/api/actes/63df98a28eded29cb31823ee/download';
const DAY_MS = 24 * 3600_000;
const at = new Date('2026-12-02T10:00:00.000Z');

const entry = (text: string) => {
  const bytes = Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`, 'latin1');
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    contentType: 'application/pdf',
    observedAt: at.toISOString(),
  };
};

describe(`live bytes cache: the table decides, memory only holds bytes (${targetDescription})`, () => {
  let db: Database;
  beforeEach(async () => {
    db = await migratedDatabase(liveBytesCacheMigrations);
  });
  afterEach(async () => {
    await db.close();
  });

  it('serves the bytes put, by URL, while younger than the maximum age', async () => {
    const cache = databaseBytesCache(db.knex);
    const pdf = entry('one');
    await cache.put(REGISTER, URL_A, pdf);
    const hit = await cache.get(REGISTER, URL_A, DAY_MS, new Date(at.getTime() + 1000));
    expect(hit?.bytes.equals(pdf.bytes)).to.equal(true);
    expect(hit?.sha256).to.equal(pdf.sha256);
    expect(await cache.get(REGISTER, URL_A, DAY_MS, new Date(at.getTime() + DAY_MS + 1))).to.equal(null);
  });

  it('another process (its own memory) reads the bytes from the table', async () => {
    const pdf = entry('two');
    await databaseBytesCache(db.knex).put(REGISTER, URL_A, pdf);
    const other = databaseBytesCache(db.knex);
    const hit = await other.get(REGISTER, URL_A, DAY_MS, at);
    expect(hit?.bytes.equals(pdf.bytes)).to.equal(true);
  });

  it('bytes purged by another process are never served from this one’s memory', async () => {
    const mine = databaseBytesCache(db.knex);
    const pdf = entry('three');
    await mine.put(REGISTER, URL_A, pdf);
    expect((await mine.get(REGISTER, URL_A, DAY_MS, at))?.bytes.equals(pdf.bytes)).to.equal(true);
    expect(await databaseBytesCache(db.knex).purge(REGISTER, [URL_A])).to.equal(1);
    expect(await mine.get(REGISTER, URL_A, DAY_MS, at)).to.equal(null);
  });

  it('a document replaced in the table by another process is served with the new bytes', async () => {
    const mine = databaseBytesCache(db.knex);
    await mine.put(REGISTER, URL_A, entry('old'));
    await mine.get(REGISTER, URL_A, DAY_MS, at);
    const fresh = entry('new');
    await databaseBytesCache(db.knex).put(REGISTER, URL_A, fresh);
    const hit = await mine.get(REGISTER, URL_A, DAY_MS, at);
    expect(hit?.sha256).to.equal(fresh.sha256);
    expect(hit?.bytes.equals(fresh.bytes)).to.equal(true);
  });

  it('with no memory at all, every read comes from the table', async () => {
    const cache = databaseBytesCache(db.knex, { memoryBytes: 0 });
    const pdf = entry('four');
    await cache.put(REGISTER, URL_A, pdf);
    expect((await cache.get(REGISTER, URL_A, DAY_MS, at))?.bytes.equals(pdf.bytes)).to.equal(true);
  });
});
