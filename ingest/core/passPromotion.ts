import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  SNAPSHOT_COMPLETED,
  SNAPSHOT_STARTED,
  snapshotStreamId,
} from '../../schemas/events/snapshotEvents.ts';

/**
 * How a completed pass becomes the write side's reference in `ingest_digests`:
 * - `snapshot`: the pass saw the whole register: its new digests are kept, every entity it did not see is
 *   forgotten (it marked them, then emitted `EntityDropped` for them);
 * - `notice`: the pass saw one export's window: its digests are kept, nothing is forgotten.
 */
export type PromotionMode = 'snapshot' | 'notice';

/**
 * `SnapshotCompleted` is appended to the log and the digests are promoted in the ingest tables: two
 * transactions, so a process killed between them leaves a completed pass whose digests are not the reference
 * yet. `ingest_promotions` says which pass each register's digests were last promoted for; the next pass (or
 * update feed) compares it with the log's last completed pass and finishes the promotion before it reads a
 * row (finishPromotion).
 */
export const passPromotionMigrations: Migration[] = [
  {
    name: '0202_ingest_promotions',
    async up(knex) {
      await knex.raw(`
        create table ingest_promotions (
          register text primary key,
          pass_token text not null,
          promoted_at timestamptz not null default now()
        )`);
    },
  },
];

/** The token a pass marks its rows with: its version and the position of its `SnapshotStarted` (unique per pass). */
export function passTokenOf(version: string, startPosition: bigint): string {
  return `${version}#${startPosition}`;
}

/**
 * Makes the completed pass `passToken` the register's reference, and records that it did, in one transaction:
 * running it twice changes nothing. `marked: false`, from a pass that counted no new, changed or dropped entity
 * (an unchanged monthly pass), skips the two scans of the digests that would find no mark.
 */
export async function promotePass(
  knex: Knex,
  register: string,
  passToken: string,
  mode: PromotionMode,
  opts: { marked?: boolean } = {},
): Promise<void> {
  await knex.transaction(async (trx) => {
    if (opts.marked === false) {
      await recordPromotion(trx, register, passToken);
      return;
    }
    // The pass marked, with its token, the rows it saw differ (their new digest) and, before completing, the
    // entities it did not see (no digest: see passSeenSet.ts); an unchanged row carries no mark and stays.
    if (mode === 'snapshot') {
      await trx.raw(
        'delete from ingest_digests where register = ? and seen_version = ? and pass_digest is null',
        [register, passToken],
      );
    }
    await trx.raw(
      `update ingest_digests set digest = pass_digest
        where register = ? and seen_version = ? and digest is distinct from pass_digest`,
      [register, passToken],
    );
    await recordPromotion(trx, register, passToken);
  });
}

/**
 * After the promotion of a pass that wrote digests and events: the statistics of `ingest_digests` and of the
 * log follow what it wrote, since autovacuum may be off. A pass that wrote nothing leaves them as they are.
 */
export async function refreshPassStatistics(knex: Knex, store: EventStore): Promise<void> {
  await knex.raw('analyze ingest_digests');
  await store.refreshStatistics();
}

async function recordPromotion(trx: Knex.Transaction, register: string, passToken: string): Promise<void> {
  await trx.raw(
    `insert into ingest_promotions (register, pass_token) values (?, ?)
     on conflict (register) do update set pass_token = excluded.pass_token, promoted_at = now()`,
    [register, passToken],
  );
}

/**
 * The token of the register's last completed pass, read from the log (null: none completed). The snapshot
 * stream holds only pass frames and update markers: a `SnapshotCompleted` follows its own `SnapshotStarted`.
 */
export async function lastCompletedPassToken(store: EventStore, register: string): Promise<string | null> {
  let started: { version: string; position: bigint } | null = null;
  let token: string | null = null;
  for (const e of await store.readStream(snapshotStreamId(register))) {
    if (e.type === SNAPSHOT_STARTED) {
      started = { version: (e.data as { version: string }).version, position: e.position };
    } else if (e.type === SNAPSHOT_COMPLETED && started) {
      token = passTokenOf(started.version, started.position);
    }
  }
  return token;
}

/**
 * Before a pass or an update feed reads anything: when the log's last completed pass of the register is not the
 * one its digests were promoted for (the process stopped between completion and promotion), promote it now.
 * Returns that pass's token (null: no pass completed yet).
 */
export async function finishPromotion(
  knex: Knex,
  store: EventStore,
  register: string,
  mode: PromotionMode,
): Promise<string | null> {
  const token = await lastCompletedPassToken(store, register);
  if (token === null) return null;
  const { rows } = await knex.raw('select pass_token from ingest_promotions where register = ?', [register]);
  if ((rows as { pass_token: string }[])[0]?.pass_token !== token) {
    await promotePass(knex, register, token, mode);
  }
  return token;
}
