import type { Knex } from 'knex';
import type { RecordedEvent } from '../../ops/eventstore/port.ts';
import {
  ENTITY_CHANGED,
  ENTITY_DROPPED,
  ENTITY_RECORDED,
  type EntityRecordedData,
} from '../../schemas/events/entityEvents.ts';
import { ENHET, NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import type { Projection } from '../core/projection.ts';

/** One entry of brreg's update feed about a main unit: the event journal of `GET …/NO/{id}/evenements`. */
export const NO_EVENTS = 'eu_no_evenements';

/** The closed list of the Norwegian events: family and type, from the feed's change type and fields. */
export const NO_EVENT_TYPES = {
  inscription: 'immatriculation',
  radiation: 'radiation',
  retrait: 'radiation',
  faillite: 'insolvabilite',
  liquidation_forcee: 'liquidation',
  liquidation_volontaire: 'liquidation',
  changement_forme_juridique: 'changement',
  changement_denomination: 'changement',
  changement_adresse: 'changement',
  changement_activite: 'changement',
  modification: 'changement',
} as const;
export type NoEventType = keyof typeof NO_EVENT_TYPES;

const truthy = (v: unknown) => v === true || v === 'true';

/**
 * What an update says, most telling first: a new unit, a deletion (`Sletting`) or removal (`Fjernet`), else
 * what its changed fields show (bankruptcy, compulsory or voluntary winding up set, form, name, business
 * address, activity), else a change of other fields. The date is the one the record gives for the state it
 * enters (`konkursdato`, `underAvviklingDato`…), else the feed's.
 */
export function noEventOf(
  endringstype: string,
  champs: readonly string[],
  record: Record<string, unknown> | null,
): { type: NoEventType; dateEffet: string | null } {
  const date = (field: string) => {
    const v = record?.[field];
    return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
  };
  if (endringstype === 'Ny')
    return { type: 'inscription', dateEffet: date('registreringsdatoenhetsregisteret') };
  if (endringstype === 'Sletting') return { type: 'radiation', dateEffet: date('slettedato') };
  if (endringstype === 'Fjernet') return { type: 'retrait', dateEffet: null };
  const changed = (f: string) => champs.includes(f);
  if (changed('konkurs') && truthy(record?.konkurs))
    return { type: 'faillite', dateEffet: date('konkursdato') };
  if (
    changed('underTvangsavviklingEllerTvangsopplosning') &&
    truthy(record?.underTvangsavviklingEllerTvangsopplosning)
  ) {
    return { type: 'liquidation_forcee', dateEffet: null };
  }
  if (changed('underAvvikling') && truthy(record?.underAvvikling)) {
    return { type: 'liquidation_volontaire', dateEffet: date('underAvviklingDato') };
  }
  if (champs.some((f) => f.startsWith('organisasjonsform.')))
    return { type: 'changement_forme_juridique', dateEffet: null };
  if (changed('navn')) return { type: 'changement_denomination', dateEffet: null };
  if (champs.some((f) => f.startsWith('forretningsadresse.')))
    return { type: 'changement_adresse', dateEffet: null };
  if (champs.some((f) => f.startsWith('naeringskode1.')))
    return { type: 'changement_activite', dateEffet: null };
  return { type: 'modification', dateEffet: null };
}

async function applyFeedEntry(trx: Knex.Transaction, event: RecordedEvent): Promise<void> {
  const data = event.data as EntityRecordedData;
  const meta = (event.metadata ?? {}) as Record<string, unknown>;
  if (data.register !== NO_BRREG_REGISTER || data.kind !== ENHET || typeof meta.endringstype !== 'string')
    return;
  const champs = Array.isArray(meta.champs)
    ? meta.champs.filter((c): c is string => typeof c === 'string')
    : [];
  const record = event.type === ENTITY_DROPPED ? null : (data.record ?? null);
  const { type, dateEffet } = noEventOf(meta.endringstype, champs, record);
  await trx.raw(
    `insert into ${NO_EVENTS} (orgnr, oppdateringsid, dato, endringstype, champs, type, date_effet)
     values (?, ?, ?, ?, ?::jsonb, ?, ?)
     on conflict (orgnr, oppdateringsid) do nothing`,
    [
      data.id,
      Number(meta.oppdateringsid),
      typeof meta.dato === 'string' ? meta.dato : null,
      meta.endringstype,
      JSON.stringify(champs),
      type,
      dateEffet,
    ],
  );
}

/**
 * The event journal of Norway's main units: one row per entry of brreg's update feed (`oppdateringer`) that
 * the register applied (entity events whose metadata carries the feed's `endringstype`). A full file's pass
 * adds no row: only the feed says what changed and when. Rebuilt from the log alone.
 */
export const noBrregEventsProjection: Projection = {
  name: 'no-brreg-evenements',
  registers: [],
  tables: [NO_EVENTS],
  migrations: [
    {
      name: 'eu_no_0003_evenements',
      async up(knex) {
        await knex.raw(`
          create table ${NO_EVENTS} (
            orgnr text not null,
            oppdateringsid bigint not null,
            dato timestamptz,
            endringstype text not null,
            champs jsonb not null,
            type text not null,
            date_effet date,
            primary key (orgnr, oppdateringsid)
          )`);
        await knex.raw(`create index ${NO_EVENTS}_dato on ${NO_EVENTS} (dato)`);
      },
    },
  ],
  handlers: {
    [ENTITY_RECORDED]: applyFeedEntry,
    [ENTITY_CHANGED]: applyFeedEntry,
    [ENTITY_DROPPED]: applyFeedEntry,
  },
  entities: {
    types: [ENTITY_RECORDED, ENTITY_CHANGED, ENTITY_DROPPED],
    of: [{ register: NO_BRREG_REGISTER, kind: ENHET }],
  },
};

export interface NoEventRow {
  oppdateringsid: string;
  dato: Date | null;
  endringstype: string;
  champs: string[];
  type: NoEventType;
  date_effet: string | Date | null;
}

/** A unit's journal, newest first; and the span of the feed applied (null: no feed applied yet). */
export async function readNoEvents(knex: Knex, orgnr: string) {
  const rows = await knex(NO_EVENTS)
    .where({ orgnr })
    .orderBy([{ column: 'oppdateringsid', order: 'desc' }])
    .select<NoEventRow[]>('oppdateringsid', 'dato', 'endringstype', 'champs', 'type', 'date_effet');
  const span = await knex(NO_EVENTS).min({ depuis: 'dato' }).max({ jusqu: 'dato' }).first<{
    depuis: Date | null;
    jusqu: Date | null;
  }>();
  return { rows, depuis: span?.depuis ?? null, jusqu: span?.jusqu ?? null };
}
