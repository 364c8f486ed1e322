import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityDroppedData,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import { BODACC_NOTICE, FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { LIVE_RECORD_OBSERVED, type LiveRecordObservedData } from '../../schemas/events/liveEvents.ts';
import {
  WATCH_CREATED,
  WATCH_WITHDRAWN,
  type WatchCreatedData,
  type WatchWithdrawnData,
  WEBHOOK_ATTEMPTED,
  type WebhookAttemptedData,
} from '../../schemas/events/watchEvents.ts';
import type { Projection } from '../core/projection.ts';
import { changeDeliveryId } from './changeDeliveryId.ts';
import {
  WATCH_ATTEMPTS,
  WATCH_CHANGES,
  WATCH_OBSERVATIONS,
  WATCHED_ENTITIES,
  WATCHES,
  WATCHES_TABLES,
  watchesMigrations,
} from './watchesSchema.ts';

export const WATCHES_PROJECTION = 'surveillances';

async function applyWatchCreated(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const w = event.data as WatchCreatedData;
  const inserted = await trx(WATCHES)
    .insert({
      id: w.watchId,
      position: event.position.toString(),
      proprietaire_compte: 'compte' in w.owner ? w.owner.compte : null,
      proprietaire_payeur: 'payeur' in w.owner ? w.owner.payeur.toLowerCase() : null,
      jours: w.days,
      cree_le: w.createdAt,
      fin: w.endsAt,
      prix_par_entite: w.pricePerEntity,
      prix: w.price,
      webhook_url: w.webhookUrl,
      secret_scelle: w.secretSealed,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  if (inserted.length === 0) return;
  await trx(WATCHED_ENTITIES).insert(
    w.entities.map((e, rang) => ({
      surveillance: w.watchId,
      pays: e.pays,
      id: e.id,
      rang,
      registres: e.registres,
    })),
  );
}

/** A watch withdrawn (unpaid) ends when it was withdrawn: its routes answer 404, nothing is delivered after. */
async function applyWatchWithdrawn(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const w = event.data as WatchWithdrawnData;
  await trx(WATCHES)
    .where({ id: w.watchId })
    .andWhere('fin', '>', w.withdrawnAt)
    .update({ fin: w.withdrawnAt });
}

/** What a change says of itself (never a record's content: it may name natural persons). */
interface Change {
  registre: string;
  /** The identifier the watches name (a SIREN for every French register). */
  key: string;
  genre: 'annonce_bodacc' | 'modification_fiche' | 'retrait_registre' | 'observation_differente';
  detail: Record<string, unknown>;
}

/**
 * Records the change for every watch of its entity that was created before it (by log position) and has not
 * ended when it was recorded. Idempotent: its delivery id is the row's key.
 */
async function recordChange(trx: Knex.Transaction, event: RecordedEvent, change: Change): Promise<void> {
  const { rows } = await trx.raw<{ rows: { surveillance: string; pays: string; id: string }[] }>(
    `select e.surveillance, e.pays, e.id from ${WATCHED_ENTITIES} e join ${WATCHES} s on s.id = e.surveillance
      where e.id = ? and ? = any(e.registres) and s.position < ? and s.fin > ?`,
    [change.key, change.registre, event.position.toString(), event.recordedAt],
  );
  if (rows.length === 0) return;
  await trx(WATCH_CHANGES)
    .insert(
      rows.map((r) => ({
        livraison: changeDeliveryId(r.surveillance, event.position, r.pays, r.id),
        surveillance: r.surveillance,
        pays: r.pays,
        id: r.id,
        position: event.position.toString(),
        registre: change.registre,
        genre: change.genre,
        constate_le: event.recordedAt,
        detail: JSON.stringify(change.detail),
      })),
    )
    .onConflict('livraison')
    .ignore();
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** A published BODACC notice on a company's stream (`fr.bodacc-<siren>`): its identity, never its text. */
function bodaccChange(event: RecordedEvent, data: EntityRecordedData): Change | null {
  if (data.register !== FR_BODACC_REGISTER || data.kind !== BODACC_NOTICE) return null;
  const siren = event.streamId.slice(FR_BODACC_REGISTER.length + 1);
  if (!/^\d{9}$/.test(siren)) return null;
  const r = data.record;
  return {
    registre: FR_BODACC_REGISTER,
    key: siren,
    genre: 'annonce_bodacc',
    detail: {
      annonce: data.id,
      date_parution: text(r.dateparution),
      publication: text(r.publicationavis) ? `BODACC ${text(r.publicationavis)}` : null,
      type_avis: text(r.typeavis),
      famille: text(r.familleavis),
      tribunal: text(r.tribunal),
    },
  };
}

/** The key the watches name an entity of a register by: the SIREN for Sirene's units and establishments. */
const keyOf = (register: string, id: string) => (register === FR_SIRENE_REGISTER ? id.slice(0, 9) : id);

async function applyEntityRecorded(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const change = bodaccChange(event, event.data as EntityRecordedData);
  if (change) await recordChange(trx, event, change);
}

async function applyEntityChanged(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const d = event.data as EntityRecordedData;
  const bodacc = bodaccChange(event, d);
  if (bodacc) return recordChange(trx, event, bodacc);
  await recordChange(trx, event, {
    registre: d.register,
    key: keyOf(d.register, d.id),
    genre: 'modification_fiche',
    detail: { nature: d.kind, id: d.id },
  });
}

async function applyEntityDropped(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const d = event.data as EntityDroppedData;
  await recordChange(trx, event, {
    registre: d.register,
    key: keyOf(d.register, d.id),
    genre: 'retrait_registre',
    detail: { nature: d.kind, id: d.id },
  });
}

/**
 * A live register's profile of a watched company: a change when what its parser kept differs from the
 * previous observation of the same company (the first one is the reference, not a change).
 */
async function applyLiveObservation(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const id = profileIdOf(event);
  if (id === null) return;
  const d = event.data as LiveRecordObservedData;
  const watched = await trx(WATCHED_ENTITIES)
    .where({ id })
    .whereRaw('? = any(registres)', [d.register])
    .first('surveillance');
  if (!watched) return;
  const print = createHash('sha256').update(JSON.stringify(d.record)).digest('hex');
  const previous = await trx(WATCH_OBSERVATIONS).where({ registre: d.register, id }).first('empreinte');
  await trx(WATCH_OBSERVATIONS)
    .insert({ registre: d.register, id, empreinte: print })
    .onConflict(['registre', 'id'])
    .merge();
  if (!previous || previous.empreinte === print) return;
  await recordChange(trx, event, {
    registre: d.register,
    key: id,
    genre: 'observation_differente',
    detail: { observe_le: d.observedAt, empreinte_sha256: d.bodySha256 },
  });
}

async function applyAttempt(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const a = event.data as WebhookAttemptedData;
  await trx(WATCH_ATTEMPTS)
    .insert({
      livraison: a.deliveryId,
      tentative: a.attempt,
      surveillance: a.watchId,
      pays: a.pays,
      id: a.id,
      tente_le: a.attemptedAt,
      issue: a.outcome,
      statut_http: a.status,
      erreur: a.error,
      prochaine_tentative: a.nextAttemptAt,
    })
    .onConflict(['livraison', 'tentative'])
    .ignore();
}

/** The company a live observation profiles (a European register's `eu-profil`); null for any other answer. */
function profileIdOf(event: RecordedEvent): string | null {
  const record = (event.data as LiveRecordObservedData).record as {
    kind?: unknown;
    id_national?: unknown;
  } | null;
  return record?.kind === 'eu-profil' && typeof record.id_national === 'string' ? record.id_national : null;
}

/** The identifier a change event names, as the watches name entities; null for an event of another kind. */
function watchedKeyOf(event: RecordedEvent): string | null {
  if (event.type === LIVE_RECORD_OBSERVED) {
    const record = (event.data as LiveRecordObservedData).record as { id_national?: unknown } | null;
    return typeof record?.id_national === 'string' ? record.id_national : null;
  }
  if (event.type !== ENTITY_CHANGED && event.type !== ENTITY_DROPPED && event.type !== ENTITY_RECORDED)
    return null;
  const d = event.data as EntityDroppedData;
  if (d.register === FR_BODACC_REGISTER) return event.streamId.slice(FR_BODACC_REGISTER.length + 1);
  return keyOf(d.register, d.id);
}

const HANDLERS = {
  [WATCH_CREATED]: applyWatchCreated,
  [WATCH_WITHDRAWN]: applyWatchWithdrawn,
  [WEBHOOK_ATTEMPTED]: applyAttempt,
  [ENTITY_RECORDED]: applyEntityRecorded,
  [ENTITY_CHANGED]: applyEntityChanged,
  [ENTITY_DROPPED]: applyEntityDropped,
  [LIVE_RECORD_OBSERVED]: applyLiveObservation,
} as const;

/**
 * A run of events at once: one query tells which of the identifiers its change events name are watched at all,
 * and only those events are looked at further (a register's monthly pass changes many companies, few watched).
 * Same effect as the handlers one by one: a watch created within the run adds its entities as it is applied.
 */
async function applyRun(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const keys = [...new Set(events.map(watchedKeyOf).filter((k): k is string => k !== null))];
  const watched = new Set<string>(
    keys.length === 0
      ? []
      : (await trx(WATCHED_ENTITIES).distinct('id').whereIn('id', keys).select<{ id: string }[]>()).map(
          (r) => r.id,
        ),
  );
  for (const event of events) {
    if (event.type === WATCH_CREATED)
      for (const e of (event.data as WatchCreatedData).entities) watched.add(e.id);
    const key = watchedKeyOf(event);
    if (key !== null && !watched.has(key)) continue;
    await HANDLERS[event.type as keyof typeof HANDLERS]?.(trx, event);
  }
}

/**
 * The watches, the changes of their entities (from the change events the ingesters record: BODACC notices,
 * register changes and removals, live observations that differ) and their webhook attempts. Each change row is
 * one delivery of the notifier (`registres serve --role notifier`), keyed by its stable delivery id.
 */
export const watchesProjection: Projection = {
  name: WATCHES_PROJECTION,
  registers: [],
  tables: WATCHES_TABLES,
  migrations: watchesMigrations,
  handlers: HANDLERS,
  handleRun: applyRun,
  // A watch sees the changes recorded after it and none after its withdrawal, whatever their stream: on Kafka,
  // both are barriers.
  globalOrder: [WATCH_CREATED, WATCH_WITHDRAWN],
  // Of the records a pass writes, only BODACC's notices are changes: a Sirene stock's millions are not read.
  entities: { types: [ENTITY_RECORDED], of: [{ register: FR_BODACC_REGISTER, kind: BODACC_NOTICE }] },
  // Every live miss appends an observation, and only a European profile's can be a change: the others (court
  // decisions, capital, VAT checks) are passed over without a transaction, and the observations are read 100 ms
  // of them at a time, not once per miss. On the embedded database that work ran on the answering process's
  // thread, in the middle of the next miss (bench fr-live). A change is recorded at most 100 ms later.
  coalesce: { ms: 100, types: [LIVE_RECORD_OBSERVED] },
  acts: (event) => event.type !== LIVE_RECORD_OBSERVED || profileIdOf(event) !== null,
};
