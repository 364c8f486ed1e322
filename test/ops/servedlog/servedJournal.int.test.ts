import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import type { EventStore } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore, eventStoreMigrations } from '../../../ops/eventstore/postgres/index.ts';
import { createServedLog } from '../../../ops/servedlog/createServedLog.ts';
import { loggedEntriesIn } from '../../../ops/servedlog/loggedEntries.ts';
import { type ResponseServedData, servedEntryFields } from '../../../ops/servedlog/responseServed.ts';
import { createServedJournal, SERVED_JOURNAL_DIR } from '../../../ops/servedlog/servedJournal.ts';
import { verifyServedChain } from '../../../ops/servedlog/verifyServedChain.ts';
import { freshDatabase, targetDescription, testLogger } from '../../support/database.ts';
import { servedEntry } from './servedEntries.ts';

/** A pid no process has: one of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe(`served log kept on local disk while the log cannot be written (${targetDescription})`, () => {
  let db: Database;
  let store: EventStore;
  let dataDir: string;
  let year = 2040;
  const at = (time: string) => `${year}-${time}`;
  /** The event store, refusing every append while `down.now`. */
  const down = { now: false };
  let flaky: EventStore;

  const servedLogOn = (dir: string) =>
    createServedLog({
      eventStore: flaky,
      logger: testLogger,
      flushIntervalMs: 60_000,
      journal: createServedJournal({ dataDir: dir, logger: testLogger }),
      loggedEntries: loggedEntriesIn(db.knex),
    });
  const dayStream = async () =>
    (await store.readStream(`served-${year}-03-01`)).map((e) => e.data as ResponseServedData);

  before(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, eventStoreMigrations);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    flaky = {
      ...store,
      append: (streamId, events, expected) =>
        down.now
          ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
          : store.append(streamId, events, expected),
    };
  });
  after(() => db.close());
  beforeEach(async () => {
    year += 1;
    down.now = false;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-journal-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('closes with the answers it could not append kept on disk, and nothing left in memory', async () => {
    const log = servedLogOn(dataDir);
    log.record(servedEntry(at('03-01T08:00:00.000Z')));
    log.record(servedEntry(at('03-01T08:00:01.000Z')));
    down.now = true;
    expect(await log.close()).to.deep.equal({ keptOnDisk: true });
    expect(log.pending).to.equal(0);
    const files = await fs.readdir(path.join(dataDir, SERVED_JOURNAL_DIR));
    expect(files).to.have.length(1);
    const lines = (await fs.readFile(path.join(dataDir, SERVED_JOURNAL_DIR, files[0]!), 'utf8'))
      .trim()
      .split('\n');
    expect(lines).to.have.length(2);
  });

  it('appends the answers kept on disk once the log answers again, in the same process', async () => {
    const log = servedLogOn(dataDir);
    const entries = [servedEntry(at('03-01T09:00:00.000Z')), servedEntry(at('03-01T09:00:01.000Z'))];
    for (const e of entries) log.record(e);
    down.now = true;
    await log.flush().catch(() => {});
    expect(log.pending, 'moved from memory to the disk').to.equal(0);
    down.now = false;
    log.record(servedEntry(at('03-01T09:00:02.000Z')));
    await log.close();
    const logged = await dayStream();
    expect(logged.map((d) => d.servedAt)).to.deep.equal([
      at('03-01T09:00:00.000Z'),
      at('03-01T09:00:01.000Z'),
      at('03-01T09:00:02.000Z'),
    ]);
    expect(verifyServedChain(await store.readStream(`served-${year}-03-01`)).ok).to.equal(true);
    expect(await fs.readdir(path.join(dataDir, SERVED_JOURNAL_DIR))).to.deep.equal([]);
  });

  it('replays the file of a stopped process at the next start, never appending an answer already logged', async () => {
    const entries = [0, 1, 2, 3].map((i) => servedEntry(at(`03-01T10:00:0${i}.000Z`)));
    // The first two reached the log before their process stopped (an append committed, its answer lost).
    const before = servedLogOn(dataDir);
    before.record(entries[0]!);
    before.record(entries[1]!);
    await before.close();
    const dir = path.join(dataDir, SERVED_JOURNAL_DIR);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, `${deadPid()}-0badc0ffee00.jsonl`),
      entries.map((e) => `${JSON.stringify(servedEntryFields(e))}\n`).join(''),
    );

    const next = servedLogOn(dataDir);
    await next.recover();
    const logged = await dayStream();
    expect(logged.map((d) => d.signature)).to.deep.equal(entries.map((e) => e.signature));
    expect(await fs.readdir(dir)).to.deep.equal([]);
    await next.close();
  });

  it('leaves the file of a process still running to that process', async () => {
    const dir = path.join(dataDir, SERVED_JOURNAL_DIR);
    await fs.mkdir(dir, { recursive: true });
    const alive = `${process.ppid}-0badc0ffee01.jsonl`;
    await fs.writeFile(
      path.join(dir, alive),
      `${JSON.stringify(servedEntryFields(servedEntry(at('03-01T11:00:00.000Z'))))}\n`,
    );
    const log = servedLogOn(dataDir);
    await log.recover();
    expect(await dayStream()).to.deep.equal([]);
    expect(await fs.readdir(dir)).to.deep.equal([alive]);
    await log.close();
  });

  it('rejects at close when the answers fit neither in the log nor on disk', async () => {
    // The journal's folder cannot be made: a file holds its name.
    await fs.writeFile(path.join(dataDir, SERVED_JOURNAL_DIR), 'not a folder');
    const log = servedLogOn(dataDir);
    log.record(servedEntry(at('03-01T12:00:00.000Z')));
    down.now = true;
    let error: unknown = null;
    await log.close().catch((e) => {
      error = e;
    });
    expect(String(error)).to.match(/1 served answer\(s\) neither in the served log nor kept on disk/);
  });
});
