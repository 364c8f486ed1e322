import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';

/**
 * Every row of `ingest_digests` gets a slot, a number of its own drawn from a sequence when the row is first
 * written (and kept until the row is deleted): a snapshot pass remembers the entities it saw unchanged as one
 * bit per slot in its own memory (about 9 MB for 74 million entities) instead of writing anything for them.
 */
export const passSeenSetMigrations: Migration[] = [
  {
    name: '0203_ingest_digests_slot',
    async up(knex) {
      await knex.raw('create sequence ingest_digest_slots as bigint');
      await knex.raw(
        `alter table ingest_digests add column slot bigint not null default nextval('ingest_digest_slots')`,
      );
    },
  },
];

/**
 * The slots of the entities a snapshot pass saw unchanged. Rows that differ are marked in `ingest_digests`
 * instead (markSeen), and the entities the pass did not see are marked there too before `SnapshotCompleted`
 * (markUnseen), so the promotion never needs this set: a pass killed before its completion is abandoned by
 * the next one, and a completed pass is promoted from its marks alone.
 */
export class SeenSlots {
  private bits = new Uint8Array(1 << 16);

  /** Adds the slots of a comma-separated list of integers (as markSeen gets them from the database). */
  addList(list: string): void {
    let slot = 0;
    let digits = false;
    for (let i = 0; i <= list.length; i++) {
      const c = i < list.length ? list.charCodeAt(i) : 44;
      if (c >= 48 && c <= 57) {
        slot = slot * 10 + (c - 48);
        digits = true;
      } else if (c === 44) {
        if (digits) this.add(slot);
        slot = 0;
        digits = false;
      } else throw new Error(`unexpected character in a list of slots: ${JSON.stringify(list[i])}`);
    }
  }

  add(slot: number): void {
    const byte = Math.floor(slot / 8);
    if (byte >= this.bits.length) {
      let size = this.bits.length;
      while (size <= byte) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.bits);
      this.bits = grown;
    }
    // Bit k of byte n is slot 8n + k, as PostgreSQL's get_bit numbers them.
    this.bits[byte]! |= 1 << (slot % 8);
  }

  /** The set as bytes for `get_bit`, and how many slots it covers. */
  bytes(): { bytes: Buffer; size: number } {
    return {
      bytes: Buffer.from(this.bits.buffer, this.bits.byteOffset, this.bits.length),
      size: this.bits.length * 8,
    };
  }
}

/**
 * Marks, for the promotion, every entity of the register that the pass neither marked (new or changed) nor
 * saw unchanged: the last completed pass's entities missing from this file and those only an unfinished pass
 * wrote. Their pass digest is cleared (the promotion deletes them); returns how many (null: the driver did not
 * say). One scan of the register's digests, testing each slot's bit.
 */
export async function markUnseen(
  knex: Knex,
  register: string,
  passToken: string,
  seen: SeenSlots,
): Promise<number | null> {
  const { bytes, size } = seen.bytes();
  const result = await knex.raw(
    `update ingest_digests d set pass_digest = null, seen_version = ?
      where d.register = ? and d.seen_version is distinct from ?
        and (d.slot >= ? or get_bit(?::bytea, d.slot) = 0)`,
    [passToken, register, passToken, size, bytes],
  );
  const { rowCount } = result as { rowCount?: number | null };
  return typeof rowCount === 'number' ? rowCount : null;
}

/**
 * The entities markUnseen marked, read by key ranges a batch at a time, for their `EntityDropped`.
 */
export async function* unseenEntities(
  knex: Knex,
  register: string,
  passToken: string,
  batchSize: number,
): AsyncGenerator<{ kind: string; entity_id: string }[]> {
  let after: [string, string] = ['', ''];
  for (;;) {
    const rows = (
      await knex.raw(
        `select kind, entity_id from ingest_digests
          where register = ? and seen_version = ? and pass_digest is null and (kind, entity_id) > (?, ?)
          order by kind, entity_id limit ?`,
        [register, passToken, after[0], after[1], batchSize],
      )
    ).rows as { kind: string; entity_id: string }[];
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = [last.kind, last.entity_id];
  }
}
