import type { Knex } from 'knex';
import type { Migration } from '../../ops/database/migrations.ts';
import { namedRead } from '../../ops/database/namedStatements.ts';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import type { LiveObservation, LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import { LIVE_RECORD_OBSERVED, type LiveRecordObservedData } from '../../schemas/events/liveEvents.ts';
import type { Projection } from '../core/projection.ts';

export const EU_LIVE_PROJECTION = 'eu-live';
/** The last observation of each company of a live register: what the read-through cache serves. */
export const EU_LIVE_PROFILES = 'eu_live_profils';
/** The last answer to each GET a live register was asked: what a call with a maximum age is served again. */
export const EU_LIVE_OBSERVATIONS = 'eu_live_observations';

const migrations: Migration[] = [
  {
    name: '0600_projection_eu_live_profiles',
    async up(knex) {
      await knex.raw(`
        create table ${EU_LIVE_PROFILES} (
          registre text not null,
          id_national text not null,
          observed_at timestamptz not null,
          url text not null,
          body_sha256 text not null,
          record jsonb not null,
          primary key (registre, id_national)
        )`);
    },
  },
  {
    name: '0601_projection_eu_live_observations',
    async up(knex) {
      await knex.raw(`
        create table ${EU_LIVE_OBSERVATIONS} (
          registre text not null,
          url text not null,
          observed_at timestamptz not null,
          status integer not null,
          body_sha256 text not null,
          record jsonb,
          primary key (registre, url)
        )`);
    },
  },
];

const isProfileRecord = (record: unknown): record is LiveProfileRecord =>
  !!record && typeof record === 'object' && (record as { kind?: unknown }).kind === 'eu-profil';

/**
 * Keeps, per live register and identifier, the latest profile observation (a company, an unknown identifier,
 * or an undecided legal form): the live routes serve it again while it is younger than the register's
 * maximum age. Built from `LiveRecordObserved` events only, so a rebuild gives the same table.
 */
async function applyObservation(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const data = event.data as LiveRecordObservedData;
  if (data.method === undefined) await keepLastAnswer(trx, data);
  if (!isProfileRecord(data.record)) return;
  await keepNewest(trx, EU_LIVE_PROFILES, ['registre', 'id_national'], {
    registre: data.register,
    id_national: data.record.id_national,
    observed_at: data.observedAt,
    url: data.url,
    body_sha256: data.bodySha256,
    record: JSON.stringify(data.record),
  });
}

/** The last answer to a GET, whatever it held (a record, an unknown identifier's 404, a parsed list). */
async function keepLastAnswer(trx: Knex.Transaction, data: LiveRecordObservedData): Promise<void> {
  await keepNewest(trx, EU_LIVE_OBSERVATIONS, ['registre', 'url'], {
    registre: data.register,
    url: data.url,
    observed_at: data.observedAt,
    status: data.status,
    body_sha256: data.bodySha256,
    record: JSON.stringify(data.record ?? null),
  });
}

/**
 * Upserts the row under its key unless the row kept is a newer observation (`observed_at`): events replayed
 * out of order never put an older answer back. `record` is JSON text, stored as jsonb.
 */
async function keepNewest(
  trx: Knex.Transaction,
  table: string,
  key: readonly string[],
  row: Record<string, unknown> & { observed_at: string; record: string },
): Promise<void> {
  const columns = Object.keys(row);
  const values = columns.map((c) => (c === 'record' ? '?::jsonb' : '?')).join(', ');
  const updates = columns
    .filter((c) => !key.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  await trx.raw(
    `insert into ${table} (${columns.join(', ')}) values (${values})
     on conflict (${key.join(', ')}) do update set ${updates}
       where ${table}.observed_at <= excluded.observed_at`,
    Object.values(row) as Knex.RawBinding[],
  );
}

export const euLiveProjection: Projection = {
  name: EU_LIVE_PROJECTION,
  registers: [],
  tables: [EU_LIVE_PROFILES, EU_LIVE_OBSERVATIONS],
  migrations,
  // Every live miss appends an observation and nothing reads its row back at once (the asking process serves
  // the same question again from its own cache for a minute; the table serves the others later): they are
  // projected 100 ms of them at a time, not one log read and one transaction per miss. On the embedded
  // database that work ran on the answering process's thread, in the middle of the next miss (bench fr-live).
  coalesce: { ms: 100, types: [LIVE_RECORD_OBSERVED] },
  handlers: { [LIVE_RECORD_OBSERVED]: applyObservation },
};

/** The latest observation of a company younger than `maxAgeMs`, or null (never observed, or too old). */
export async function readLiveProfile(
  knex: Knex,
  register: string,
  id: string,
  maxAgeMs: number,
  now: Date,
): Promise<{ record: LiveProfileRecord; observation: LiveObservation } | null> {
  const row = await knex(EU_LIVE_PROFILES)
    .where({ registre: register, id_national: id })
    .andWhere('observed_at', '>', new Date(now.getTime() - maxAgeMs))
    .first<{ observed_at: Date; url: string; body_sha256: string; record: LiveProfileRecord } | undefined>();
  if (!row) return null;
  return {
    record: row.record,
    observation: {
      url: row.url,
      observedAt: new Date(row.observed_at).toISOString(),
      bodySha256: row.body_sha256,
      cached: true,
    },
  };
}

/** The last answer to a GET younger than `maxAgeMs` (the live client's `recall`), or null. */
/** `readLiveObservation` for several URLs of one register, in one statement: by URL (absent: none young enough). */
export async function readLiveObservations(
  knex: Knex,
  register: string,
  urls: readonly string[],
  maxAgeMs: number,
  now: Date,
): Promise<
  Map<string, { url: string; status: number; observedAt: string; bodySha256: string; record: unknown }>
> {
  if (urls.length === 0) return new Map();
  // Prepared on both databases (namedRead): on a miss this read decides whether the register is asked.
  const { rows } = await namedRead<{
    rows: { url: string; observed_at: Date; status: number; body_sha256: string; record: unknown }[];
  }>(
    knex,
    `registres_eu_live_recall_${urls.length}`,
    `select url, observed_at, status, body_sha256, record from ${EU_LIVE_OBSERVATIONS}
      where registre = ? and url in (${urls.map(() => '?').join(', ')}) and observed_at > ?::timestamptz`,
    [register, ...urls, new Date(now.getTime() - maxAgeMs).toISOString()],
  );
  return new Map(
    rows.map((row) => [
      row.url,
      {
        url: row.url,
        status: row.status,
        observedAt: new Date(row.observed_at).toISOString(),
        bodySha256: row.body_sha256,
        record: row.record,
      },
    ]),
  );
}

export async function readLiveObservation(
  knex: Knex,
  register: string,
  url: string,
  maxAgeMs: number,
  now: Date,
): Promise<{ url: string; status: number; observedAt: string; bodySha256: string; record: unknown } | null> {
  const row = await knex(EU_LIVE_OBSERVATIONS)
    .where({ registre: register, url })
    .andWhere('observed_at', '>', new Date(now.getTime() - maxAgeMs))
    .first<{ observed_at: Date; status: number; body_sha256: string; record: unknown } | undefined>();
  if (!row) return null;
  return {
    url,
    status: row.status,
    observedAt: new Date(row.observed_at).toISOString(),
    bodySha256: row.body_sha256,
    record: row.record,
  };
}
