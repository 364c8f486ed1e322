import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { runNoticePass } from '../../../ingest/core/noticePass.ts';
import { runSnapshotPass, snapshotPassMigrations } from '../../../ingest/core/snapshotPass.ts';
import { runUpdatesPass } from '../../../ingest/core/updatesPass.ts';
import { runMigrations } from '../../../ops/database/migrations.ts';
import { entityHandlers } from '../../../projections/core/entityHandlers.ts';
import type { Projection } from '../../../projections/core/projection.ts';
import type { ProjectionRunner } from '../../../projections/core/projectionRunner.ts';
import { readSnapshotStates } from '../../../projections/core/snapshotState.ts';
import { openTestBed, type TestBed } from '../../projections/core/testBed.ts';
import { bundledChild } from '../../support/bundledChild.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type ChildPass, NOTICES, passOptions, THINGS } from './support/crashPasses.ts';
import { entityBlockRowsKept, entityBlockRowsOfLog } from './support/entityBlockRowsOfLog.ts';

const CHILD = fileURLToPath(new URL('./support/passInChild.ts', import.meta.url));

/** A read model of the two test registers: what the API would serve. */
const served: Projection = {
  name: 'test-crash-served',
  registers: [THINGS, NOTICES],
  tables: ['test_crash_served'],
  migrations: [
    {
      name: '9110_test_crash_served',
      async up(knex) {
        await knex.raw(
          'create table test_crash_served (register text, id text, name text not null, primary key (register, id))',
        );
      },
    },
  ],
  ...entityHandlers(
    [THINGS, NOTICES].map((register) => ({
      register,
      kind: register === THINGS ? 'thing' : 'notice',
      async upsert(trx, data) {
        await trx.raw(
          `insert into test_crash_served (register, id, name) values (?, ?, ?)
           on conflict (register, id) do update set name = excluded.name`,
          [register, data.id, String(data.record.name)],
        );
      },
      async drop(trx, data) {
        await trx.raw('delete from test_crash_served where register = ? and id = ?', [register, data.id]);
      },
    })),
  ),
};

type Rows = [string, string][];
const V1: Rows = [
  ['001', 'Alpha'],
  ['002', 'Beta'],
  ['003', 'Gamma'],
];
/** Against V1: one renamed, one new, one gone, one unchanged (rows: 3). */
const V2: Rows = [
  ['001', 'Alpha'],
  ['003', 'Gamma renamed'],
  ['004', 'Delta'],
];
/** Against V2: one renamed, one new, one gone, one unchanged. */
const V3: Rows = [
  ['003', 'Gamma renamed'],
  ['004', 'Delta renamed'],
  ['005', 'Epsilon'],
];
const counts = (rows: number, recorded: number, changed: number, dropped: number, unchanged: number) => ({
  rows,
  recorded,
  changed,
  dropped,
  unchanged,
});

describe(`Passes killed (SIGKILL, a child process) at every step boundary (${targetDescription})`, function () {
  this.timeout(120_000);
  let bed: TestBed;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    bed = await openTestBed([served]);
    await runMigrations(bed.knex, snapshotPassMigrations);
    runner = bed.runner();
  });
  afterEach(() => bed.close());

  const deps = () => ({ knex: bed.knex, store: bed.store, logger: testLogger });
  const snapshot = (version: string, rows: Rows) =>
    runSnapshotPass(passOptions.snapshot(deps(), { kind: 'snapshot', version, rows }));
  const blocks = (version: string, rows: Rows, recordAll = false, records = false) =>
    runSnapshotPass(passOptions.blocks(deps(), { kind: 'blocks', version, rows, recordAll, records }));
  const notice = (version: string, rows: Rows) =>
    runNoticePass(passOptions.notice(deps(), { kind: 'notice', version, rows }));
  const feed = (source: string, updates: [string, string | null][]) =>
    runUpdatesPass(passOptions.updates(deps(), { kind: 'updates', source, updates }));

  /** Runs the pass in a child process that kills itself at `boundary`; resolves with how it ended. */
  const killedAt = async (boundary: string, job: ChildPass) => {
    const bundle = await bundledChild(CHILD);
    return new Promise<NodeJS.Signals | number | null>((resolve, reject) => {
      const child = spawn(process.execPath, [bundle, JSON.stringify({ ...job, url: bed.db.url })], {
        env: { ...process.env, REGISTRES_CRASH_AT: boundary },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (signal === null && code !== 0) reject(new Error(`the child failed (${code}): ${stderr}`));
        else resolve(signal ?? code);
      });
    });
  };
  const table = async (register: string) =>
    (
      (
        await bed.knex.raw('select id, name from test_crash_served where register = ? order by id', [
          register,
        ])
      ).rows as { id: string; name: string }[]
    ).map((r): [string, string] => [r.id, r.name]);
  const current = async (register: string) =>
    (await readSnapshotStates(bed.knex, { projections: [served.name], registers: [register] }))[0]?.current
      ?.version ?? null;

  describe('a snapshot pass', () => {
    const completedAt = ['snapshot:completed', 'snapshot:promoted'];
    for (const boundary of [
      'snapshot:started',
      'snapshot:batch-appended',
      'snapshot:rows-appended',
      'snapshot:unseen-marked',
      'snapshot:dropped-appended',
      ...completedAt,
    ]) {
      it(`killed at ${boundary}: the next passes count exactly and serve the new file's data`, async () => {
        await snapshot('2026-10-01', V1);
        expect(await killedAt(boundary, { kind: 'snapshot', version: '2026-11-01', rows: V2 })).to.equal(
          'SIGKILL',
        );

        const again = await snapshot('2026-11-01', V2);
        expect(again.counts).to.deep.equal(
          completedAt.includes(boundary) ? counts(3, 0, 0, 0, 3) : counts(3, 1, 1, 1, 1),
        );
        const next = await snapshot('2026-12-01', V3);
        expect(next.counts).to.deep.equal(counts(3, 1, 1, 1, 1));

        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V3);
        expect(await current(THINGS)).to.equal('2026-12-01');
      });

      it(`killed at ${boundary}: a pass of a different file counts against the last completed pass`, async () => {
        await snapshot('2026-10-01', V1);
        await killedAt(boundary, { kind: 'snapshot', version: '2026-11-01', rows: V2 });

        const next = await snapshot('2026-12-01', V3);
        // Completed in the log: V2 is the reference; otherwise V1 still is (V1 → V3: 3 new, 3 gone).
        expect(next.counts).to.deep.equal(
          completedAt.includes(boundary) ? counts(3, 1, 1, 1, 1) : counts(3, 2, 1, 2, 0),
        );
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V3);
      });
    }
  });

  describe('a block pass', () => {
    const completedAt = ['snapshot:completed', 'snapshot:promoted'];
    for (const boundary of [
      'snapshot:started',
      'snapshot:batch-appended',
      'snapshot:rows-appended',
      'snapshot:unseen-marked',
      'snapshot:dropped-appended',
      ...completedAt,
    ]) {
      const completed = completedAt.includes(boundary);
      it(`killed at ${boundary} recording all: the previous version stays served, the rerun is exact`, async () => {
        expect((await blocks('2026-10-01', V1)).blocks).to.deep.equal({ events: 2, rows: 3 });
        await runner.catchUp();
        const job = { kind: 'blocks', version: '2026-11-01', rows: V2, recordAll: true } as const;
        expect(await killedAt(boundary, job)).to.equal('SIGKILL');
        // The index of the entities' blocks went with the blocks, or not at all.
        expect(await entityBlockRowsKept(bed.knex)).to.deep.equal(await entityBlockRowsOfLog(bed.knex));

        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(completed ? V2 : V1);
        expect(await current(THINGS)).to.equal(completed ? '2026-11-01' : '2026-10-01');

        const again = await blocks('2026-11-01', V2, true);
        expect(again.counts).to.deep.equal(completed ? counts(3, 0, 0, 0, 3) : counts(3, 1, 1, 1, 1));
        expect(again.blocks).to.deep.equal({ events: 2, rows: 3 });
        expect(await entityBlockRowsKept(bed.knex)).to.deep.equal(await entityBlockRowsOfLog(bed.knex));
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V2);
        expect(await current(THINGS)).to.equal('2026-11-01');
      });

      it(`killed at ${boundary} in a first pass: a rerun with another file serves that file exactly`, async () => {
        expect(await killedAt(boundary, { kind: 'blocks', version: '2026-10-01', rows: V1 })).to.equal(
          'SIGKILL',
        );
        await runner.catchUp();
        expect(await current(THINGS)).to.equal(completed ? '2026-10-01' : null);

        await blocks('2026-11-01', V2);
        const next = await blocks('2026-12-01', V3);
        expect(next.counts).to.deep.equal(counts(3, 1, 1, 1, 1));
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V3);
        expect(await current(THINGS)).to.equal('2026-12-01');
      });
    }
  });

  describe('a block pass of records', () => {
    const completedAt = ['snapshot:completed', 'snapshot:promoted'];
    for (const boundary of [
      'snapshot:started',
      'snapshot:batch-appended',
      'snapshot:rows-appended',
      ...completedAt,
    ]) {
      const completed = completedAt.includes(boundary);
      it(`killed at ${boundary} recording all: the previous version stays served, the rerun is exact`, async () => {
        await blocks('2026-10-01', V1, false, true);
        await runner.catchUp();
        const job = {
          kind: 'blocks',
          version: '2026-11-01',
          rows: V2,
          recordAll: true,
          records: true,
        } as const;
        expect(await killedAt(boundary, job)).to.equal('SIGKILL');
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(completed ? V2 : V1);

        const again = await blocks('2026-11-01', V2, true, true);
        expect(again.counts).to.deep.equal(completed ? counts(3, 0, 0, 0, 3) : counts(3, 1, 1, 1, 1));
        const next = await blocks('2026-12-01', V3, false, true);
        expect(next.counts).to.deep.equal(counts(3, 1, 1, 1, 1));
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V3);
        expect(await current(THINGS)).to.equal('2026-12-01');
      });
    }
  });

  describe('a notice pass', () => {
    const N1: Rows = [
      ['a', 'Notice A'],
      ['b', 'Notice B'],
      ['c', 'Notice C'],
    ];
    const N2: Rows = [
      ['c', 'Notice C corrected'],
      ['d', 'Notice D'],
      ['e', 'Notice E'],
    ];
    const N3: Rows = [
      ['d', 'Notice D'],
      ['e', 'Notice E corrected'],
      ['f', 'Notice F'],
    ];
    const completedAt = ['notice:completed', 'notice:promoted'];
    for (const boundary of ['notice:started', 'notice:batch-appended', ...completedAt]) {
      it(`killed at ${boundary}: the same export again and the next one count exactly`, async () => {
        await notice('2026-10-01', N1);
        expect(await killedAt(boundary, { kind: 'notice', version: '2026-10-02', rows: N2 })).to.equal(
          'SIGKILL',
        );

        const again = await notice('2026-10-02', N2);
        if (completedAt.includes(boundary)) expect(again.status).to.equal('already_ingested');
        else if (again.status === 'completed')
          expect(again.completed.counts).to.deep.equal(counts(3, 2, 1, 0, 0));
        else expect.fail(`the interrupted export was taken as ingested (${boundary})`);
        const next = await notice('2026-10-03', N3);
        expect(next.status === 'completed' && next.completed.counts).to.deep.equal(counts(3, 1, 1, 0, 1));

        await runner.catchUp();
        expect(await table(NOTICES)).to.deep.equal([
          ['a', 'Notice A'],
          ['b', 'Notice B'],
          ['c', 'Notice C corrected'],
          ['d', 'Notice D'],
          ['e', 'Notice E corrected'],
          ['f', 'Notice F'],
        ]);
      });
    }
  });

  describe('an update feed', () => {
    const UPDATES: [string, string | null][] = [
      ['001', 'Alpha updated'],
      ['004', 'Delta'],
      ['002', null],
      ['003', 'Gamma updated'],
    ];
    const AFTER: Rows = [
      ['001', 'Alpha updated'],
      ['003', 'Gamma updated'],
      ['004', 'Delta'],
    ];
    for (const boundary of ['updates:started', 'updates:events-appended', 'updates:digests-stored']) {
      it(`killed at ${boundary}: the feed run again serves every update`, async () => {
        await snapshot('2026-10-01', V1);
        expect(await killedAt(boundary, { kind: 'updates', source: 'feed-1', updates: UPDATES })).to.equal(
          'SIGKILL',
        );
        await feed('feed-1', UPDATES);
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(AFTER);
      });

      it(`killed at ${boundary}: the next snapshot pass compares against what the log holds`, async () => {
        await snapshot('2026-10-01', V1);
        await killedAt(boundary, { kind: 'updates', source: 'feed-1', updates: UPDATES });

        // The same file as before the feed: whatever the killed feed logged is changed back.
        await snapshot('2026-11-01', V1);
        await runner.catchUp();
        expect(await table(THINGS)).to.deep.equal(V1);
      });
    }
  });
});
