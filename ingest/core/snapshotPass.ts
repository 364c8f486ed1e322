import { createHash, type Hash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { EventStore, NewEvent } from '../../ops/eventstore/port.ts';
import { canonicalJson, ownJsonIfCanonical } from '../../ops/json/canonicalJson.ts';
import type { Logger } from '../../ops/logger.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
  type EntityValuesData,
} from '../../schemas/events/entityEvents.ts';
import {
  SNAPSHOT_ABANDONED,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  type SnapshotAbandonedData,
  type SnapshotCompletedData,
  type SnapshotStartedData,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';
import { crashPoint } from './crashPoint.ts';
import {
  finishPromotion,
  passPromotionMigrations,
  passTokenOf,
  promotePass,
  refreshPassStatistics,
} from './passPromotion.ts';
import { markUnseen, passSeenSetMigrations, SeenSlots, unseenEntities } from './passSeenSet.ts';
import { reconcileInterruptedUpdates } from './updateDigests.ts';
import { writeInBatches } from './writeInBatches.ts';

export { digestOf } from './rowDigest.ts';

/** One upstream row, ready to be compared with the last completed pass. */
export interface SnapshotRow {
  kind: string;
  /** The register's identifier, as a string (leading zeros kept). */
  id: string;
  record: Record<string, unknown>;
}

/**
 * One upstream row of a file with a header, as its values in the order of `SnapshotPassOptions.columns[kind]`
 * (empty cells null). Stored without its field names (EntityValuesData); read back as a record.
 */
export interface ValuesRow {
  kind: string;
  id: string;
  values: (string | null)[];
}

export interface SnapshotPassOptions {
  knex: Knex;
  store: EventStore;
  logger: Logger;
  register: string;
  version: string;
  /** YYYY-MM-DD the snapshot describes. */
  snapshotDate: string;
  fileSha256: string;
  rows: AsyncIterable<SnapshotRow | ValuesRow>;
  /** Per kind, the column names of the ValuesRows' values (declared once, in SnapshotStarted). */
  columns?: Record<string, string[]>;
  /** The entity's stream; default `<register>-<kind>-<id>`. */
  streamOf?: (row: { kind: string; id: string }) => string;
  batchSize?: number;
  /** Called after each batch with the rows read so far. */
  onProgress?: (rows: number) => void;
  /** Added to `SnapshotCompleted.report` once the rows are read (unknown columns, rows set aside, ...). */
  report?: () => Record<string, unknown>;
  now?: () => Date;
}

export type SnapshotCounts = SnapshotCompletedData['counts'];

/**
 * The write side's memory of the last completed pass of each register: one digest per entity. `digest` is
 * the row's SHA-256 in the last completed pass (null: not in it; before any pass of the register completed,
 * what its first pass marked: see markAllNew); `seen_version` marks the rows a pass found
 * different (new digest in `pass_digest`) or missing (`pass_digest` null), for the pass running now or an
 * unfinished one; a row the pass saw unchanged is not written. Completion promotes the marks in one transaction.
 */
export const snapshotPassMigrations: Migration[] = [
  {
    name: '0200_ingest_digests',
    async up(knex) {
      await knex.raw(`
        create table ingest_digests (
          register text not null,
          kind text not null,
          entity_id text not null,
          digest text,
          pass_digest text,
          seen_version text,
          primary key (register, kind, entity_id)
        )`);
    },
  },
  /**
   * A row new or changed in a pass is written twice (marked, then promoted): with half of each page free, the
   * new version of a row fits in its page and no index entry is written (a heap-only update). The promotion
   * of a first pass takes about half the time with this setting (bench sirene, bench/HISTORY.md).
   */
  {
    name: '0201_ingest_digests_fillfactor',
    async up(knex) {
      await knex.raw('alter table ingest_digests set (fillfactor = 50)');
    },
  },
  ...passPromotionMigrations,
  ...passSeenSetMigrations,
  /**
   * The digests as their 32 bytes (`bytea`) rather than 64 hexadecimal characters, and pages filled to 90 %
   * instead of half: 532 bytes per Sirene row went to 258 (at 74 million rows, about 19 GiB less), and the
   * statement writes a sixth less WAL (bench sirene, bench/HISTORY.md). Half-empty pages were for the
   * promotion of a first pass, which rewrote every row; a first pass now writes its digests once
   * (markAllNew), an unchanged pass writes none, and the few rows a monthly pass changes still find room in
   * their page for their two new versions (heap-only updates). JavaScript keeps reading and writing hex.
   * The conversion rewrites the table once, under a lock on it alone: an ingest started meanwhile waits, the
   * API never reads this table.
   */
  {
    name: '0204_ingest_digests_bytea',
    async up(knex) {
      // The fill factor first: the type change rewrites the table, with the new setting.
      await knex.raw('alter table ingest_digests set (fillfactor = 90)');
      await knex.raw(`
        alter table ingest_digests
          alter column digest type bytea using decode(digest, 'hex'),
          alter column pass_digest type bytea using decode(pass_digest, 'hex')`);
    },
  },
];

/**
 * One pass over a full-file register: `SnapshotStarted` → `EntityRecorded` / `EntityChanged` (rows whose
 * content differs from the last completed pass) → `EntityDropped` (entities of that pass absent from this
 * file) → `SnapshotCompleted` with counts. Memory stays constant: rows stream through in batches, the
 * comparison is done in the database. A pass left unfinished is abandoned by the next one, whose comparison
 * is against the last completed pass, so nothing the unfinished pass wrote is lost or served.
 */
export async function runSnapshotPass(opts: SnapshotPassOptions): Promise<SnapshotCompletedData> {
  const { knex, store, logger, register, version } = opts;
  const now = opts.now ?? (() => new Date());
  const streamOf = opts.streamOf ?? ((r) => `${register}-${r.kind}-${r.id}`);
  const batchSize = opts.batchSize ?? 2000;
  const log = logger.child({ register, version });

  // A pass completed in the log but killed before its promotion is finished first: it is the reference; an
  // update feed killed before it closed has its logged events' digests stored.
  const reference = await finishPromotion(knex, store, register, 'snapshot');
  await reconcileInterruptedUpdates(knex, store, register, reference, now);
  // A first pass into a register that holds no digest (none ever ran, none was abandoned half-way): every
  // digest row it leaves is its own, already final (markAllNew), so nothing can be unseen and the promotion
  // has nothing to rewrite: the three scans of the digests that would prove it are skipped (about 2.5 s of a
  // million-row first pass, minutes at the full stock's size).
  const clean = reference === null && !(await holdsDigests(knex, register));
  const { started, startPosition, passToken, expected } = await startPass(store, {
    register,
    version,
    snapshotDate: opts.snapshotDate,
    fileSha256: opts.fileSha256,
    ...(opts.columns ? { columns: opts.columns } : {}),
    now,
  });
  log.info({ fileSha256: opts.fileSha256 }, 'snapshot pass started');
  crashPoint('snapshot:started');
  const pass = startPosition.toString();

  const counts: SnapshotCounts = { rows: 0, recorded: 0, changed: 0, dropped: 0, unchanged: 0 };
  const meta = (rowSha256?: string) => ({
    register,
    snapshotVersion: version,
    fileSha256: opts.fileSha256,
    ...(rowSha256 ? { rowSha256 } : {}),
  });
  // A row stored as values names its pass, whose SnapshotStarted holds the file's SHA-256 (read back with it).
  const valuesMeta = (rowSha256: string) => ({ register, snapshotVersion: version, rowSha256, pass });

  // A batch's digests are compared while the previous batch's events are appended (two statements of the
  // database's at once, on two connections); appends stay one at a time and in order.
  let appending: Promise<unknown> = Promise.resolve();
  const seen = new SeenSlots();
  const write = async (rows: DigestedRow<SnapshotRow | ValuesRow>[]) => {
    // Without a completed pass no digest is committed: every row is new, and nothing needs comparing.
    const differing =
      reference === null
        ? await markAllNew(knex, register, passToken, rows, { clean })
        : await markSeen(knex, register, passToken, rows, seen);
    counts.unchanged += rows.length - differing.length;
    const events: { streamId: string; events: NewEvent[] }[] = [];
    for (const { at, committed } of differing) {
      const row = rows[at]!;
      const type = committed ? ENTITY_CHANGED : ENTITY_RECORDED;
      if (committed) counts.changed++;
      else counts.recorded++;
      let event: NewEvent;
      if ('valuesJson' in row) {
        // The values were kept as the JSON written for the digest: the event's data is that JSON, parsed only
        // if an adapter reads `data` rather than `dataJson`.
        const dataJson = entityDataJson(register, row, 'values', row.valuesJson);
        event = {
          type,
          get data(): EntityValuesData {
            return JSON.parse(dataJson) as EntityValuesData;
          },
          dataJson,
          metadata: valuesMeta(row.digest),
        };
      } else {
        const data: EntityRecordedData = { register, kind: row.kind, id: row.id, record: row.record };
        event = { type, data, metadata: meta(row.digest) };
        // The row's JSON was written once for its digest: the event's data reuses it.
        if (row.json !== null) event.dataJson = entityDataJson(register, row, 'record', row.json);
      }
      events.push({ streamId: streamOf(row), events: [event] });
    }
    await appending;
    if (counts.rows > rows.length) crashPoint('snapshot:batch-appended');
    opts.onProgress?.(counts.rows);
    appending = events.length > 0 ? store.appendBulk(events) : Promise.resolve();
    // Awaited by the next batch or after the last one; until then a failure must not count as unhandled.
    appending.catch(() => {});
  };
  try {
    await writeInBatches(withDigests(opts.rows, counts, opts.columns), {
      batchSize,
      groupOf: kindOf,
      keyOf: idOf,
      write,
    });
  } catch (err) {
    // A file that fails half-way must not leave a batch's append in flight: landing after the next pass's
    // SnapshotStarted, its rows would be taken for that pass's.
    await appending.catch(() => {});
    throw err;
  }
  await appending;
  crashPoint('snapshot:rows-appended');

  // Everything this pass did not see is marked for the promotion, then dropped in the log.
  const unseen = clean ? 0 : await markUnseen(knex, register, passToken, seen);
  crashPoint('snapshot:unseen-marked');
  const dropping = unseen === 0 ? [] : unseenEntities(knex, register, passToken, batchSize);
  for await (const dropped of dropping) {
    counts.dropped += dropped.length;
    await store.appendBulk(
      dropped.map((d) => {
        const data: EntityDroppedData = { register, kind: d.kind, id: d.entity_id };
        return {
          streamId: streamOf({ kind: d.kind, id: d.entity_id }),
          events: [{ type: ENTITY_DROPPED, data, metadata: meta() }],
        };
      }),
    );
  }

  crashPoint('snapshot:dropped-appended');

  const completed = await completePass(store, {
    started,
    counts,
    report: opts.report?.(),
    expected,
    now,
  });
  crashPoint('snapshot:completed');
  const marked = counts.recorded + counts.changed + counts.dropped > 0;
  await promotePass(knex, register, passToken, 'snapshot', { marked: marked && !clean });
  if (marked) await refreshPassStatistics(knex, store);
  crashPoint('snapshot:promoted');
  log.info({ counts }, 'snapshot pass completed');
  return completed;
}

/**
 * A row with its digest and, when known, the JSON of its record (in canonical order) or of its values: the
 * digest's input, which the event's data reuses (a values row keeps only that JSON, see DigestedValuesRow).
 */
export type DigestedRow<R extends SnapshotRow | ValuesRow = SnapshotRow> = R extends ValuesRow
  ? DigestedValuesRow
  : R & { digest: string; json: string | null };

/**
 * A ValuesRow once digested keeps its values only as their JSON, the digest's input and the event's data:
 * a batch waiting for its comparison holds one string per row, not an array of strings (what the garbage
 * collector has to copy while a batch is in flight).
 */
export interface DigestedValuesRow {
  kind: string;
  id: string;
  digest: string;
  /** `JSON.stringify(values)`. */
  valuesJson: string;
}

/**
 * Counts the rows read and digests each one as it streams by: a record's digest is the SHA-256 of its
 * canonical JSON (a reordered export is no change); a ValuesRow's, of its kind's column names (in the order
 * given, the same for every row of a pass), a line feed and the JSON of its values.
 */
export async function* withDigests<R extends SnapshotRow | ValuesRow>(
  rows: AsyncIterable<R>,
  counts: { rows: number },
  columns: Record<string, string[]> = {},
): AsyncGenerator<DigestedRow<R>> {
  const prefixes = new Map<string, Hash>();
  const prefixOf = (kind: string): Hash => {
    let prefix = prefixes.get(kind);
    if (!prefix) {
      const names = columns[kind];
      if (!names)
        throw new Error(`rows of kind ${kind} come as values, but the pass declares no columns for it`);
      prefix = createHash('sha256').update(`${JSON.stringify(names)}\n`);
      prefixes.set(kind, prefix);
    }
    return prefix;
  };
  for await (const row of rows) {
    counts.rows++;
    if ('values' in row) {
      const valuesJson = JSON.stringify(row.values);
      const digest = prefixOf(row.kind).copy().update(valuesJson).digest('hex');
      const digested: DigestedValuesRow = { kind: row.kind, id: row.id, digest, valuesJson };
      yield digested as DigestedRow<R>;
      continue;
    }
    // The canonical JSON is the digest's input and, being the record's JSON too (keys sorted; jsonb keeps no
    // order), the event's data: the row is serialised once.
    const json = ownJsonIfCanonical(row.record) ?? canonicalJson(row.record);
    const digest = createHash('sha256').update(json).digest('hex');
    yield { ...row, digest, json } as DigestedRow<R>;
  }
}

/** `JSON.stringify(data)` of a row's entity event (register, kind, id, then `record` or `values`), from the row's JSON. */
function entityDataJson(
  register: string,
  row: { kind: string; id: string },
  field: 'values' | 'record',
  json: string,
): string {
  return `{"register":${JSON.stringify(register)},"kind":${JSON.stringify(row.kind)},"id":${JSON.stringify(row.id)},"${field}":${json}}`;
}

const kindOf = (row: { kind: string }) => row.kind;
const idOf = (row: { id: string }) => row.id;

/**
 * Opens a pass: an unfinished earlier one is abandoned, then `SnapshotStarted` is appended with the snapshot
 * stream's version (two passes starting together: one fails here). Returns what completing it needs and the
 * pass token marking what it saw: unique per pass, even when a version is ingested twice.
 */
export async function startPass(
  store: EventStore,
  pass: {
    register: string;
    version: string;
    snapshotDate: string;
    fileSha256: string;
    columns?: Record<string, string[]>;
    now: () => Date;
  },
): Promise<{ started: SnapshotStartedData; startPosition: bigint; passToken: string; expected: bigint }> {
  const { register, version } = pass;
  const stream = snapshotStreamId(register);
  const previous = await abandonUnfinished(store, stream, register, pass.now);
  const started: SnapshotStartedData = {
    register,
    version,
    snapshotDate: pass.snapshotDate,
    fileSha256: pass.fileSha256,
    startedAt: pass.now().toISOString(),
    ...(pass.columns ? { columns: pass.columns } : {}),
  };
  const start = await store.append(stream, [{ type: SNAPSHOT_STARTED, data: started }], previous);
  if (!start.ok) throw new Error(`another pass of ${register} is starting: ${start.message}`);
  return {
    started,
    startPosition: start.lastPosition,
    passToken: passTokenOf(version, start.lastPosition),
    expected: start.nextExpectedVersion,
  };
}

/**
 * Appends `SnapshotCompleted` with the stream version the pass started at: a pass superseded while it ran
 * (another pass started) fails here instead of publishing.
 */
export async function completePass(
  store: EventStore,
  pass: {
    started: SnapshotStartedData;
    counts: SnapshotCounts;
    report?: Record<string, unknown>;
    expected: bigint;
    now: () => Date;
  },
): Promise<SnapshotCompletedData> {
  const { started } = pass;
  // The columns stay in SnapshotStarted, where the rows' readers find them.
  const { columns: _columns, ...identity } = started;
  const completed: SnapshotCompletedData = {
    ...identity,
    completedAt: pass.now().toISOString(),
    counts: pass.counts,
    ...(pass.report ? { report: pass.report } : {}),
  };
  const done = await store.append(
    snapshotStreamId(started.register),
    [{ type: SNAPSHOT_COMPLETED, data: completed }],
    pass.expected,
  );
  if (!done.ok) {
    throw new Error(
      `pass of ${started.register} ${started.version} was superseded while running: ${done.message}`,
    );
  }
  return completed;
}

/** The last event of the snapshot stream is a start: that pass never finished. Abandon it. */
export async function abandonUnfinished(
  store: EventStore,
  stream: string,
  register: string,
  now: () => Date,
): Promise<bigint | 'no_stream'> {
  const version = await store.streamVersion(stream);
  if (version === null) return 'no_stream';
  const [last] = await store.readStream(stream, { fromVersion: version, limit: 1 });
  if (last?.type !== SNAPSHOT_STARTED) return version;
  const data: SnapshotAbandonedData = {
    register,
    version: (last.data as SnapshotStartedData).version,
    reason: 'interrompu ; remplacé par une nouvelle passe / interrupted; superseded by a new pass',
    abandonedAt: now().toISOString(),
  };
  const res = await store.append(stream, [{ type: SNAPSHOT_ABANDONED, data }], version);
  if (!res.ok) throw new Error(`another pass of ${register} is starting: ${res.message}`);
  return res.nextExpectedVersion;
}

/** Whether any digest of the register is stored (one primary-key probe). */
async function holdsDigests(knex: Knex, register: string): Promise<boolean> {
  const { rows } = await knex.raw('select exists (select 1 from ingest_digests where register = ?) as held', [
    register,
  ]);
  return (rows as { held: boolean }[])[0]?.held === true;
}

/**
 * A batch of a register's first pass (no pass completed, so no digest committed): every row is marked as
 * new, without the per-row probe of markSeen. Returns every row, as markSeen would.
 *
 * The row's digest goes in `digest` as well as in `pass_digest`: while no pass has completed nothing reads
 * `digest` (markSeen and the update feeds need a completed pass), and the promotion then finds nothing to
 * rewrite, where it rewrote every row of the register (a heap update and its WAL per row: 3.9 s of a
 * million-row first pass, bench sirene). Rows left by an abandoned first pass and not seen again are
 * deleted by the promotion as before (markUnseen clears their `pass_digest`).
 */
export async function markAllNew(
  knex: Knex,
  register: string,
  passToken: string,
  rows: readonly { kind: string; id: string; digest: string }[],
  opts: { clean?: boolean } = {},
): Promise<{ at: number; committed: null }[]> {
  const columns = batchColumns(rows);
  const insert = `insert into ingest_digests as d (register, kind, entity_id, digest, pass_digest, seen_version)
     select ?, r.kind, r.entity_id, decode(r.digest, 'hex'), decode(r.digest, 'hex'), ?
       from rows from (json_array_elements_text(?::json), json_array_elements_text(?::json),
                       json_array_elements_text(?::json)) as r(kind, entity_id, digest)`;
  const upsert = `${insert}
     on conflict (register, kind, entity_id)
       do update set digest = excluded.digest, pass_digest = excluded.pass_digest,
                     seen_version = excluded.seen_version`;
  const bindings = [register, passToken, ...columns];
  if (opts.clean) {
    // A pass into a register that held no digest finds no row to update (its own batches hold distinct
    // entities, unless the file repeats one): a plain insert, about 40 % cheaper than the upsert's
    // speculative insertion. A repeated entity fails the statement, which wrote nothing: the upsert follows.
    try {
      await knex.raw(insert, bindings);
      return rows.map((_row, at) => ({ at, committed: null }));
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
    }
  }
  await knex.raw(upsert, bindings);
  return rows.map((_row, at) => ({ at, committed: null }));
}

/** SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/**
 * The batch's kinds, ids and digests as three JSON arrays (serialised natively, where a `text[]` literal is
 * escaped element by element in JavaScript), for `json_array_elements_text`.
 */
function batchColumns(
  rows: readonly { kind: string; id: string; digest: string }[],
): [string, string, string] {
  const kinds = new Array<string>(rows.length);
  const ids = new Array<string>(rows.length);
  const digests = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    kinds[i] = row.kind;
    ids[i] = row.id;
    digests[i] = row.digest;
  }
  return [JSON.stringify(kinds), JSON.stringify(ids), JSON.stringify(digests)];
}

/**
 * Compares the batch with the last completed pass and records what this pass saw. A row whose digest differs
 * (new, changed, or written only by an unfinished pass) is marked in `ingest_digests` with this pass's digest
 * and token; an unchanged row is written nowhere, its slot only added to `seen` (when the pass must find the
 * entities it did not see; see passSeenSet.ts): an unchanged monthly pass updates no row of the digests,
 * where marking every row cost a heap update and its WAL per row. Returns the rows that differ, by their
 * index in `rows` (in order), each with the last completed pass's digest (null: the entity is new to it); a
 * row not returned is unchanged. The batch holds each entity once (writeInBatches).
 */
export async function markSeen(
  knex: Knex,
  register: string,
  passToken: string,
  rows: readonly { kind: string; id: string; digest: string }[],
  seen?: SeenSlots,
): Promise<{ at: number; committed: string | null }[]> {
  // The committed digest and slot are read by one primary-key probe per row (a lateral subquery kept apart
  // by `offset 0`: whatever the planner estimates, no batch hashes the register's rows); every CTE sees the
  // table as it was before the upsert. The unchanged rows' slots come back as one list.
  const result = await knex.raw(
    `with compared as materialized (
       select r.at, r.kind, r.entity_id, decode(r.digest, 'hex') as digest, c.digest as committed, c.slot
         from rows from (json_array_elements_text(?::json), json_array_elements_text(?::json),
                         json_array_elements_text(?::json)) with ordinality as r(kind, entity_id, digest, at)
         left join lateral (
           select d.digest, d.slot from ingest_digests d
            where d.register = ? and d.kind = r.kind and d.entity_id = r.entity_id
           offset 0
         ) c on true
     ), marked as (
       insert into ingest_digests as d (register, kind, entity_id, pass_digest, seen_version)
       select ?, kind, entity_id, digest, ? from compared where committed is distinct from digest
       on conflict (register, kind, entity_id)
         do update set pass_digest = excluded.pass_digest, seen_version = excluded.seen_version
     )
     select at - 1 as at, encode(committed, 'hex') as committed, null as slots
       from compared where committed is distinct from digest
     union all
     select null, null, string_agg(slot::text, ',') from compared where ? and committed = digest`,
    [...batchColumns(rows), register, register, passToken, seen !== undefined],
  );
  const differing: { at: number; committed: string | null }[] = [];
  for (const r of result.rows as {
    at: string | number | null;
    committed: string | null;
    slots: string | null;
  }[]) {
    if (r.at === null) {
      if (r.slots !== null) seen?.addList(r.slots);
    } else differing.push({ at: Number(r.at), committed: r.committed });
  }
  return differing.sort((a, b) => a.at - b.at);
}
