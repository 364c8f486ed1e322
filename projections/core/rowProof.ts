import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, RecordedEvent } from '../../ops/eventstore/port.ts';
import { canonicalJson } from '../../ops/json/canonicalJson.ts';
import { blockStreamId } from '../../schemas/events/entityBlockEvents.ts';
import { ENTITY_DROPPED, type EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { SnapshotStartedData } from '../../schemas/events/snapshotEvents.ts';
import { type EntityRef, entityHistory } from './entityHistory.ts';

/** What proves the row a register serves for an entity: the event that recorded it, and its digest recomputed. */
export interface RowProof {
  /** The entity's history in log order (entityHistory). */
  history: RecordedEvent[];
  /** The last event that recorded the row (its block's row, or its own event), null when the last is a drop. */
  recorded: RecordedEvent | null;
  /** Recorded by a block event (at `recorded.position`) rather than an event of its own. */
  inBlock: boolean;
  /** The SHA-256 of the file the row was read from, and its line there (null: the reader kept no line). */
  fileSha256: string | null;
  line: number | null;
  /** The member of the file (an archive of several documents) the line is counted in; null: the file itself. */
  entry: string | null;
  /** The digest the log holds for the row, and the one recomputed from the row's content in the log. */
  storedDigest: string | null;
  recomputedDigest: string | null;
}

/**
 * Proves an entity's row from the log: finds the last event that recorded it and recomputes the row's digest
 * as its pass did (a row stored as values: SHA-256 of its pass's column names as JSON, a line feed and its
 * values as JSON; a record: SHA-256 of its canonical JSON). The caller compares the digest with the one the
 * write side keeps for the entity (ingest_digests): equal, the served row is that event's.
 */
export async function proveRow(knex: Knex, store: EventStore, ref: EntityRef): Promise<RowProof> {
  const history = await entityHistory(knex, store, ref);
  const last = history.at(-1) ?? null;
  const recorded = last && last.type !== ENTITY_DROPPED ? last : null;
  if (!recorded) {
    return {
      history,
      recorded,
      inBlock: false,
      fileSha256: null,
      line: null,
      entry: null,
      storedDigest: null,
      recomputedDigest: null,
    };
  }
  const meta = recorded.metadata;
  return {
    history,
    recorded,
    inBlock: recorded.streamId === blockStreamId(ref.register),
    fileSha256: typeof meta.fileSha256 === 'string' ? meta.fileSha256 : null,
    line: typeof meta.line === 'number' ? meta.line : null,
    entry: typeof meta.entry === 'string' ? meta.entry : null,
    storedDigest: typeof meta.rowSha256 === 'string' ? meta.rowSha256 : null,
    recomputedDigest: await recomputeDigest(store, recorded),
  };
}

async function recomputeDigest(store: EventStore, event: RecordedEvent): Promise<string> {
  const { kind, record } = event.data as EntityRecordedData;
  const pass = event.metadata.pass;
  const started = typeof pass === 'string' ? (await store.readAll(BigInt(pass) - 1n, { limit: 1 }))[0] : null;
  const names = (started?.data as SnapshotStartedData | undefined)?.columns?.[kind];
  // A record (not stored as values under its pass's columns): the SHA-256 of its canonical JSON.
  if (!names) return createHash('sha256').update(canonicalJson(record)).digest('hex');
  const values = names.map((name) => record[name] ?? null);
  return createHash('sha256')
    .update(`${JSON.stringify(names)}\n${JSON.stringify(values)}`)
    .digest('hex');
}
