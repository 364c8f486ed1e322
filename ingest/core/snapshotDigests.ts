import type { Knex } from 'knex';
import type { SeenSlots } from './passSeenSet.ts';

/** Whether any digest of the register is stored (one primary-key probe). */
export async function holdsDigests(knex: Knex, register: string): Promise<boolean> {
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

/**
 * The digest of an entity's row in the last completed pass of its register (hex), null when that pass did not
 * hold it; any kind when none is given. What an auditor compares a row's recomputed digest with.
 */
export async function currentDigestOf(
  knex: Knex,
  register: string,
  id: string,
  kind?: string,
): Promise<string | null> {
  const { rows } = await knex.raw<{ rows: { digest: string | null }[] }>(
    `select encode(digest, 'hex') as digest from ingest_digests
      where register = ? and entity_id = ? and (?::text is null or kind = ?) and digest is not null
      limit 1`,
    [register, id, kind ?? null, kind ?? null],
  );
  return rows[0]?.digest ?? null;
}
