import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from '../../ops/eventstore/postgres/eventRow.ts';
import {
  SNAPSHOT_ABANDONED,
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
} from '../../schemas/events/snapshotEvents.ts';
import { applyRun } from './applyRun.ts';
import { followedPass } from './followedPass.ts';
import type { Projection } from './projection.ts';

/**
 * A pass over a register that already has a published snapshot is staged, not applied: its entity events
 * wait in `projection_staged_events` and are applied, in log order, in the transaction that applies its
 * `SnapshotCompleted`. So readers see the previous snapshot whole until the new one is whole, and an
 * interrupted pass changes nothing they read. A register's first pass is applied directly: nothing is
 * published before it completes anyway (the freshness guard answers `collecte_en_cours`), and the initial
 * load of tens of millions of rows is not written twice.
 *
 * An event belongs to a pass when its metadata names the register and the `snapshotVersion`.
 */
export const stagedPassMigrations: Migration[] = [
  {
    name: '0101_projection_staged_events',
    async up(knex) {
      await knex.raw(`
        create table projection_staged_events (
          projection text not null,
          register text not null,
          version text not null,
          position bigint not null,
          stream_id text not null,
          stream_version bigint not null,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          recorded_at timestamptz not null,
          primary key (projection, position)
        )`);
      await knex.raw(
        'create index projection_staged_events_pass on projection_staged_events (projection, register, version, position)',
      );
    },
  },
];

interface RegisterPasses {
  current: string | null;
  pending: string | null;
}

/** What one batch knows of the projection's passes, kept up to date as the batch applies snapshot events. */
export class PassTracker {
  private constructor(
    private readonly projection: Projection,
    private readonly passes: Map<string, RegisterPasses>,
  ) {}

  static async load(trx: Knex.Transaction, projection: Projection): Promise<PassTracker> {
    const passes = new Map<string, RegisterPasses>();
    if (projection.registers.length > 0) {
      const rows = (
        await trx.raw(
          'select register, version, pending_version from projection_snapshots where projection = ?',
          [projection.name],
        )
      ).rows as { register: string; version: string | null; pending_version: string | null }[];
      for (const r of rows) passes.set(r.register, { current: r.version, pending: r.pending_version });
    }
    return new PassTracker(projection, passes);
  }

  /** True when the event is an entity event of a pending pass over a register with a published snapshot. */
  shouldStage(event: RecordedEvent): { register: string; version: string } | null {
    const { register, snapshotVersion } = event.metadata;
    if (typeof register !== 'string' || typeof snapshotVersion !== 'string') return null;
    if (!this.projection.registers.includes(register)) return null;
    const p = this.passes.get(register);
    if (!p || p.current === null || p.pending !== snapshotVersion) return null;
    return { register, version: snapshotVersion };
  }

  /**
   * True for the `SnapshotCompleted` of a staged pass (over a register with a published snapshot): it is
   * published in every read model of the register at once (jointPublication.ts).
   */
  completesStagedPass(event: RecordedEvent): boolean {
    if (event.type !== SNAPSHOT_COMPLETED) return false;
    const pass = followedPass(this.projection, event);
    if (!pass) return false;
    const p = this.passes.get(pass.register);
    return !!p && p.current !== null && p.pending === pass.version;
  }

  /** Follows the snapshot events of the batch, so the next events are judged against the right pass. */
  observe(event: RecordedEvent): void {
    const pass = followedPass(this.projection, event);
    if (!pass) return;
    const { register, version } = pass;
    const p = this.passes.get(register) ?? { current: null, pending: null };
    if (event.type === SNAPSHOT_STARTED) p.pending = version;
    else if (event.type === SNAPSHOT_COMPLETED) {
      p.current = version;
      if (p.pending === version) p.pending = null;
    } else if (event.type === SNAPSHOT_ABANDONED && p.pending === version) p.pending = null;
    this.passes.set(register, p);
  }
}

/** Stages events of pending passes, in one statement (a replayed event is staged once). */
export async function stageEvents(
  trx: Knex.Transaction,
  projection: Projection,
  staged: readonly { pass: { register: string; version: string }; event: RecordedEvent }[],
): Promise<void> {
  if (staged.length === 0) return;
  // Event data travels as JSON text inside the one JSON document (see EventRows in insertEvents.ts: no array literals).
  const rows = staged.map(({ pass, event }) => ({
    register: pass.register,
    version: pass.version,
    position: event.position.toString(),
    stream_id: event.streamId,
    stream_version: event.streamVersion.toString(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recorded_at: event.recordedAt.toISOString(),
  }));
  await trx.raw(
    `insert into projection_staged_events
       (projection, register, version, position, stream_id, stream_version, type, data, metadata, recorded_at)
     select ?, register, version, position, stream_id, stream_version, type, data, metadata, recorded_at
       from json_to_recordset(?::json) as r(register text, version text, position bigint, stream_id text,
            stream_version bigint, type text, data jsonb, metadata jsonb, recorded_at timestamptz)
     on conflict (projection, position) do nothing`,
    [projection.name, JSON.stringify(rows)],
  );
}

const UNSTAGE_CHUNK = 2000;

/**
 * Before a snapshot event's bookkeeping: a completed pass applies what it staged, in order and in chunks
 * (constant memory); an abandoned pass, or a pass superseded by a new start, drops what it staged.
 */
export async function settleStagedPass(
  trx: Knex.Transaction,
  projection: Projection,
  event: RecordedEvent,
  apply: (run: readonly RecordedEvent[]) => Promise<void>,
): Promise<void> {
  const pass = followedPass(projection, event);
  if (!pass) return;
  const { register, version } = pass;
  if (event.type === SNAPSHOT_STARTED) {
    // A pass completed but not yet published in every read model (jointPublication.ts) keeps what it staged.
    await trx.raw(
      `delete from projection_staged_events s
        where s.projection = ? and s.register = ? and s.version <> ?
          and not exists (select 1 from projection_ready_passes r
                           where r.projection = s.projection and r.register = s.register and r.version = s.version)`,
      [projection.name, register, version],
    );
  } else if (event.type === SNAPSHOT_ABANDONED) {
    await trx.raw(
      'delete from projection_staged_events where projection = ? and register = ? and version = ?',
      [projection.name, register, version],
    );
  } else if (event.type === SNAPSHOT_COMPLETED) {
    await applyStagedPass(trx, projection, register, version, apply);
  }
}

/**
 * Applies what a completed pass staged, in log order and in chunks (constant memory), through the
 * projection's own handlers, then forgets it.
 */
export async function applyStagedPass(
  trx: Knex.Transaction,
  projection: Projection,
  register: string,
  version: string,
  apply: (run: readonly RecordedEvent[]) => Promise<void> = (run) => applyRun(trx, projection, run),
): Promise<void> {
  let after = '0';
  for (;;) {
    const rows = (
      await trx.raw(
        `select ${EVENT_COLUMNS}
           from projection_staged_events
          where projection = ? and register = ? and version = ? and position > ?
          order by position limit ?`,
        [projection.name, register, version, after, UNSTAGE_CHUNK],
      )
    ).rows as EventRow[];
    await apply(rows.map(toRecordedEvent));
    if (rows.length < UNSTAGE_CHUNK) break;
    after = String(rows[rows.length - 1]!.position);
  }
  await trx.raw(
    'delete from projection_staged_events where projection = ? and register = ? and version = ?',
    [projection.name, register, version],
  );
}
