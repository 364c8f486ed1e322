import type { Knex } from 'knex';
import { NO_BRREG_REGISTER, type NoBrregRecord, UNDERENHET } from '../../schemas/events/noBrregEvents.ts';
import type { EntityBinding } from '../core/entityHandlers.ts';
import { rowBinding } from '../core/rowTable.ts';

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const date = (v: unknown): string | null => {
  const s = text(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

/**
 * One sub-unit (`underenhet`, an establishment: the place where a unit trades) of Enhetsregisteret, linked to
 * its main unit by `overordnetEnhet`. No name is kept: a sole trader's sub-unit carries the person's name,
 * and no route serves sub-units by name.
 */
export interface NoBrregEstablishment {
  id_national: string;
  entreprise: string | null;
  activite: string | null;
  code_postal: string | null;
  ville: string | null;
  commune: string | null;
  effectif: number | null;
  /** YYYY-MM-DD */
  date_debut: string | null;
  /** YYYY-MM-DD; set when the sub-unit was closed (`nedleggelsesdato`) */
  date_fermeture: string | null;
}

/** A published `underenhet` row (CSV dotted names, or flattened JSON) as an establishment row. */
export function noBrregEstablishment(id: string, r: NoBrregRecord): NoBrregEstablishment {
  // The location address; a sub-unit without one (offshore licences, ...) falls back to its postal address.
  const a =
    r['beliggenhetsadresse.poststed'] || r['beliggenhetsadresse.postnummer']
      ? 'beliggenhetsadresse'
      : 'postadresse';
  const employees = text(r.antallAnsatte);
  return {
    id_national: id,
    entreprise: text(r.overordnetEnhet),
    activite: text(r['naeringskode1.kode']),
    code_postal: text(r[`${a}.postnummer`]),
    ville: text(r[`${a}.poststed`]),
    commune: text(r[`${a}.kommunenummer`]),
    effectif: employees && /^\d+$/.test(employees) ? Number(employees) : null,
    date_debut: date(r.oppstartsdato),
    date_fermeture: date(r.nedleggelsesdato) ?? date(r.slettedato),
  };
}

export async function createEstablishmentsTable(knex: Knex, table: string): Promise<void> {
  await knex.raw(`
    create table ${table} (
      id_national text primary key,
      entreprise text,
      activite text,
      code_postal text,
      ville text,
      commune text,
      effectif integer,
      date_debut date,
      date_fermeture date
    )`);
  await knex.raw(`create index ${table}_entreprise on ${table} (entreprise)`);
}

export function establishmentsBinding(table: string): EntityBinding {
  return rowBinding({
    register: NO_BRREG_REGISTER,
    kind: UNDERENHET,
    table: {
      name: table,
      key: ['id_national'],
      columns: {
        id_national: 'text',
        entreprise: 'text',
        activite: 'text',
        code_postal: 'text',
        ville: 'text',
        commune: 'text',
        effectif: 'integer',
        date_debut: 'date',
        date_fermeture: 'date',
      },
    },
    rowOf: (data) => noBrregEstablishment(data.id, data.record),
  });
}

/** The establishments a main unit has in the register: all of them, and those not closed. */
export async function countEstablishments(
  knex: Knex,
  table: string,
  entreprise: string,
): Promise<{ nombre: number; ouverts: number }> {
  const { rows } = await knex.raw(
    `select count(*)::int as nombre, (count(*) filter (where date_fermeture is null))::int as ouverts
       from ${table} where entreprise = ?`,
    [entreprise],
  );
  return { nombre: Number(rows[0].nombre), ouverts: Number(rows[0].ouverts) };
}
