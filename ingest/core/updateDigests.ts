import type { Knex } from 'knex';
import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import { snapshotStreamId } from '../../schemas/events/snapshotEvents.ts';
import {
  UPDATES_INTERRUPTED,
  UPDATES_STARTED,
  type UpdatesInterruptedData,
  type UpdatesStartedData,
} from '../../schemas/events/updateEvents.ts';
import { digestOf } from './rowDigest.ts';

/** Events read at a time when an interrupted feed's events are looked for in the log. */
const READ_PAGE = 5000;

/**
 * The digests of the entities the batch changed: set for a present entity, removed for a dropped one. A set
 * digest is marked as seen by the last completed pass, as its promotion left the rows it changed: promoting that pass
 * again changes nothing.
 */
export async function storeDigests(
  knex: Knex,
  register: string,
  passToken: string,
  touched: Map<string, string | null>,
): Promise<void> {
  const set = { kinds: [] as string[], ids: [] as string[], digests: [] as string[] };
  const gone = { kinds: [] as string[], ids: [] as string[] };
  for (const [key, digest] of touched) {
    const [kind = '', id = ''] = key.split('\u0000');
    if (digest === null) {
      gone.kinds.push(kind);
      gone.ids.push(id);
    } else {
      set.kinds.push(kind);
      set.ids.push(id);
      set.digests.push(digest);
    }
  }
  if (touched.size === 0) return;
  await knex.transaction(async (trx) => {
    if (set.ids.length > 0) {
      await trx.raw(
        `insert into ingest_digests (register, kind, entity_id, digest, pass_digest, seen_version)
         select ?, r.kind, r.entity_id, decode(r.digest, 'hex'), decode(r.digest, 'hex'), ?
           from unnest(?::text[], ?::text[], ?::text[]) as r(kind, entity_id, digest)
         on conflict (register, kind, entity_id) do update
           set digest = excluded.digest, pass_digest = excluded.pass_digest, seen_version = excluded.seen_version`,
        [register, passToken, set.kinds, set.ids, set.digests],
      );
    }
    if (gone.ids.length > 0) {
      await trx.raw(
        `delete from ingest_digests d using unnest(?::text[], ?::text[]) as g(kind, entity_id)
          where d.register = ? and d.kind = g.kind and d.entity_id = g.entity_id`,
        [gone.kinds, gone.ids, register],
      );
    }
  });
}

/**
 * When the register's snapshot stream ends with `UpdatesStarted`, a feed was killed between appending its
 * events and storing their digests (or before closing): every entity event it logged is read back from the
 * log, its digest stored as the feed would have, and the feed is closed with `UpdatesInterrupted`. The next
 * comparison (a snapshot pass, the feed run again) is then against what the log holds. `passToken`: the last
 * completed pass, which the feed applied on top of.
 */
export async function reconcileInterruptedUpdates(
  knex: Knex,
  store: EventStore,
  register: string,
  passToken: string | null,
  now: () => Date,
): Promise<void> {
  const stream = snapshotStreamId(register);
  const version = await store.streamVersion(stream);
  if (version === null) return;
  const [last] = await store.readStream(stream, { fromVersion: version, limit: 1 });
  if (last?.type !== UPDATES_STARTED) return;
  const { source } = last.data as UpdatesStartedData;
  let reconciled = 0;
  let from = last.position;
  for (;;) {
    const page = await store.readAll(from, { limit: READ_PAGE });
    if (page.length === 0) break;
    from = page[page.length - 1]!.position;
    const touched = new Map<string, string | null>();
    for (const e of page) {
      const meta = e.metadata as { register?: unknown; source?: unknown; rowSha256?: unknown };
      if (meta.register !== register || meta.source !== source) continue;
      if (e.type !== ENTITY_RECORDED && e.type !== ENTITY_CHANGED && e.type !== ENTITY_DROPPED) continue;
      const data = e.data as EntityRecordedData;
      const digest =
        e.type === ENTITY_DROPPED
          ? null
          : typeof meta.rowSha256 === 'string'
            ? meta.rowSha256
            : digestOf(data.record);
      touched.set(`${data.kind}\u0000${data.id}`, digest);
      reconciled++;
    }
    if (touched.size > 0 && passToken !== null) await storeDigests(knex, register, passToken, touched);
  }
  const data: UpdatesInterruptedData = { register, source, reconciled, at: now().toISOString() };
  const res = await store.append(stream, [{ type: UPDATES_INTERRUPTED, data }], version);
  if (!res.ok) throw new Error(`another pass of ${register} is starting: ${res.message}`);
}
