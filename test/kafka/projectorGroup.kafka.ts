import { expect } from 'chai';
import { DEMO_SEEDERS, PROJECTIONS } from '../../app/readSide.ts';
import { migrateAll } from '../../app/server/migrateAll.ts';
import { seedDemoData } from '../../app/server/seedDemoData.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { createPostgresEventStore } from '../../ops/eventstore/postgres/index.ts';
import { createProjectionRunner } from '../../projections/core/projectionRunner.ts';
import { tableChecksum } from '../../projections/core/tableChecksum.ts';
import { freshDatabase, testLogger } from '../support/database.ts';
import {
  type Changes,
  type CliProcess,
  logFields,
  outputOf,
  startCli,
  tableChanges,
  uniqueName,
  waitFor,
} from './kafkaBed.ts';

/** md5 of nothing: tableChecksum of an empty table. */
const EMPTY_TABLE = 'd41d8cd98f00b204e9800998ecf8427e';

const seeders = (registers: string[]) => DEMO_SEEDERS.filter((s) => registers.includes(s.register));

async function checksums(db: Database): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const p of PROJECTIONS) for (const t of p.tables) sums[t] = await tableChecksum(db.knex, t);
  return sums;
}

/** Every projection's watermark (projection_state) at the log's head, or how many are. */
async function allAtHead(db: Database, store: EventStore): Promise<true | string> {
  const head = await store.headPosition();
  const { rows } = await db.knex.raw<{ rows: { n: string }[] }>(
    'select count(*) as n from projection_state where name = any(?::text[]) and position = ?',
    [PROJECTIONS.map((p) => p.name), head.toString()],
  );
  const atHead = Number(rows[0]!.n);
  return (
    atHead === PROJECTIONS.length || `${atHead} of ${PROJECTIONS.length} projections at the log head ${head}`
  );
}

describe('serve --role projector --bus kafka: three projectors as one consumer group', function () {
  this.timeout(300_000);
  let db: Database;
  let store: EventStore;
  const topic = uniqueName('registres-test-group');
  const group = uniqueName('registres-test-projectors');
  const children: CliProcess[] = [];
  /** Commits that move a projection's watermark, or a partition's checkpoint. */
  let watermarkMoves: Changes;
  let checkpointMoves: Changes;

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    db = await freshDatabase();
    await migrateAll(db.knex, PROJECTIONS);
    store = createPostgresEventStore({ knex: db.knex, notifications: db.notifications, logger: testLogger });
    watermarkMoves = await tableChanges(db, ['projection_state']);
    checkpointMoves = await tableChanges(db, ['bus_projector_checkpoints']);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    const { rows } = await db.knex.raw(
      `select topic_partition, min(position) as low, max(position) as high from bus_projector_checkpoints group by 1 order by 1`,
    );
    process.stderr.write(`head ${await store.headPosition()}; checkpoints ${JSON.stringify(rows)}\n`);
    for (const c of children)
      process.stderr.write(`--- ${c.child.spawnargs.slice(2).join(' ')}\n${c.output().slice(-4000)}\n`);
  });

  after(async () => {
    for (const c of children) await c.kill('SIGKILL');
    await db?.close();
  });

  /** Some partition's checkpoint moved past where it started: a projector has applied records. */
  const firstApplied = async (): Promise<true | string> => {
    const { rows } = await db.knex.raw<{ rows: { n: string }[] }>(
      'select count(*) as n from bus_projector_checkpoints where topic = ? and position > 0',
      [topic],
    );
    return Number(rows[0]!.n) > 0 || 'every checkpoint at 0';
  };

  const start = (args: string[]) => {
    const c = startCli(args, {
      DATABASE_URL: db.url,
      KAFKA_TOPIC: topic,
      KAFKA_GROUP: group,
      DEMO_DATA: '0',
    });
    children.push(c);
    return c;
  };

  it('shares the partitions, rebalances when one is killed, and leaves the tables a PostgreSQL rebuild leaves', async () => {
    await seedDemoData(db, store, testLogger, seeders(['no.brreg', 'ee.ariregister', 'gleif']));
    const relay = start(['relay', '--bus', 'kafka']);
    // One member first, holding every partition; two more join while it projects: a rebalance mid-stream.
    const projectors = [start(['serve', '--role', 'projector', '--bus', 'kafka'])];
    await projectors[0]!.line((l) => logFields(l)?.msg === 'partitions assigned');
    await relay.line((l) => l.startsWith('Relay:'));
    await waitFor('the first projector applying the topic', firstApplied, checkpointMoves, 60_000);
    projectors.push(...[1, 2].map(() => start(['serve', '--role', 'projector', '--bus', 'kafka'])));
    for (const p of projectors) await p.line((l) => l.startsWith('Ready:'));
    await waitFor('the projections at the head', () => allAtHead(db, store), watermarkMoves, 120_000);
    const assigned = (p: CliProcess) =>
      p
        .output()
        .split('\n')
        .map(logFields)
        .filter((f) => f?.msg === 'partitions assigned')
        .at(-1)?.partitions as number[] | undefined;
    const onePartitionEach = async (): Promise<true | string> =>
      projectors.every((p) => assigned(p)?.length === 1) || JSON.stringify(projectors.map(assigned));
    await waitFor('one partition each', onePartitionEach, outputOf(...projectors), 30_000);

    // One member killed while a pass streams in: the others take its partition and finish the pass.
    const seeding = seedDemoData(db, store, testLogger, seeders(['lv.ur', 'fr.sirene']));
    await projectors[0]!.kill('SIGKILL');
    await seeding;
    await waitFor(
      'the projections at the head after the rebalance',
      () => allAtHead(db, store),
      watermarkMoves,
      120_000,
    );
    const survivors = projectors.slice(1).map((p) => assigned(p) ?? []);
    expect(survivors.flat().sort()).to.deep.equal([0, 1, 2]);
    const { rows } = await db.knex.raw<{ rows: { name: string; last_error: string | null }[] }>(
      'select name, last_error from projection_state where last_error is not null',
    );
    expect(rows).to.deep.equal([]);
    const fromKafka = await checksums(db);
    const filled = Object.entries(fromKafka).filter(([, sum]) => sum !== EMPTY_TABLE);
    console.log(
      `      ${await store.headPosition()} events; ${filled.length} tables filled: ${filled.map(([t]) => t).join(' ')}`,
    );
    expect(filled.length).to.be.greaterThan(3);
    for (const p of projectors.slice(1)) await p.kill('SIGTERM');
    await relay.kill('SIGTERM');

    // The same tables rebuilt from the PostgreSQL log by the in-process runner.
    const runner = createProjectionRunner({
      knex: db.knex,
      eventStore: store,
      logger: testLogger,
      projections: PROJECTIONS,
    });
    for (const p of PROJECTIONS) await runner.rebuild(p.name);
    await runner.stop();
    expect(fromKafka).to.deep.equal(await checksums(db));
  });
});
