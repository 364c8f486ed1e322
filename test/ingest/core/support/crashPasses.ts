import type { Knex } from 'knex';
import type { NoticePassOptions, NoticeRow } from '../../../../ingest/core/noticePass.ts';
import type { SnapshotPassOptions, SnapshotRow, ValuesRow } from '../../../../ingest/core/snapshotPass.ts';
import type { EntityUpdate, runUpdatesPass } from '../../../../ingest/core/updatesPass.ts';
import type { EventStore } from '../../../../ops/eventstore/port.ts';
import type { Logger } from '../../../../ops/logger.ts';

/** The things register of the crash tests: each row is `[id, name]`; an update's name null drops it. */
export const THINGS = 'test.crash-things';
export const NOTICES = 'test.crash-notices';

/** One pass as the crash tests describe it, run in the test process or in a child (passInChild.ts). */
export type ChildPass =
  | { kind: 'snapshot'; version: string; rows: [string, string][] }
  | { kind: 'blocks'; version: string; rows: [string, string][]; recordAll?: boolean; records?: boolean }
  | { kind: 'notice'; version: string; rows: [string, string][] }
  | { kind: 'updates'; source: string; updates: [string, string | null][] };

interface Deps {
  knex: Knex;
  store: EventStore;
  logger: Logger;
}

const sha = (label: string) => Buffer.from(label).toString('hex').padEnd(64, '0').slice(0, 64);

async function* things(rows: [string, string][]): AsyncGenerator<SnapshotRow> {
  for (const [id, name] of rows) yield { kind: 'thing', id, record: { id, name } };
}

async function* thingValues(rows: [string, string][]): AsyncGenerator<ValuesRow> {
  for (const [i, [id, name]] of rows.entries()) yield { kind: 'thing', id, values: [id, name], line: i + 2 };
}

async function* thingRecords(rows: [string, string][]): AsyncGenerator<SnapshotRow> {
  for (const [i, [id, name]] of rows.entries())
    yield { kind: 'thing', id, record: { id, name }, line: i + 1 };
}

async function* notices(rows: [string, string][]): AsyncGenerator<NoticeRow> {
  for (const [id, name] of rows)
    yield { kind: 'notice', id, streams: [`${NOTICES}-${id}`], record: { id, name } };
}

async function* updates(list: [string, string | null][]): AsyncGenerator<EntityUpdate> {
  let n = 0;
  for (const [id, name] of list) {
    n++;
    yield { kind: 'thing', id, record: name === null ? null : { id, name }, updateId: String(n) };
  }
}

/** Batches of two rows, so that a pass of a few rows crosses every boundary, batch boundaries included. */
export const passOptions = {
  snapshot(deps: Deps, p: Extract<ChildPass, { kind: 'snapshot' }>): SnapshotPassOptions {
    return {
      ...deps,
      register: THINGS,
      version: p.version,
      snapshotDate: p.version,
      fileSha256: sha(`${THINGS}${p.version}${JSON.stringify(p.rows)}`),
      rows: things(p.rows),
      batchSize: 2,
    };
  },
  /** The things as values under the columns `id`, `name`, in block events when the pass records them all. */
  blocks(deps: Deps, p: Extract<ChildPass, { kind: 'blocks' }>): SnapshotPassOptions {
    const fileSha256 = sha(`${THINGS}${p.version}${JSON.stringify(p.rows)}`);
    return {
      ...deps,
      register: THINGS,
      version: p.version,
      snapshotDate: p.version,
      fileSha256,
      // As values under declared columns (a file with a header), or as records (XML, JSON: GLEIF's).
      ...(p.records
        ? { rows: thingRecords(p.rows) }
        : { rows: thingValues(p.rows), columns: { thing: ['id', 'name'] } }),
      blocks: { fileSha256Of: { thing: fileSha256 } },
      ...(p.recordAll ? { recordAll: true } : {}),
      batchSize: 2,
    };
  },
  notice(deps: Deps, p: Extract<ChildPass, { kind: 'notice' }>): NoticePassOptions {
    return {
      ...deps,
      register: NOTICES,
      version: p.version,
      snapshotDate: p.version,
      fileSha256: sha(`${NOTICES}${p.version}${JSON.stringify(p.rows)}`),
      rows: notices(p.rows),
      batchSize: 2,
    };
  },
  updates(deps: Deps, p: Extract<ChildPass, { kind: 'updates' }>): Parameters<typeof runUpdatesPass>[0] {
    return {
      ...deps,
      register: THINGS,
      source: p.source,
      filesSha256: sha(p.source),
      updates: updates(p.updates),
      streamOf: (row) => `${THINGS}-${row.kind}-${row.id}`,
      batchSize: 2,
    };
  },
};
