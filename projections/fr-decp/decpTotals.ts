import type { Knex } from 'knex';
import {
  DECP_TOTAUX_TABLE,
  DECP_MARCHES_TABLE as MARCHES,
  DECP_TITULAIRES_TABLE as TITULAIRES,
} from './decpTables.ts';

/*
 * The totals (DECP_TOTAUX_TABLE): one row per SIREN that holds or awarded a contract of the copy, its counts
 * and its holder total, kept by statement triggers on the contracts and holders tables as they are written.
 * The route reads them as one row whatever the company's size (counting a holder's index range grew with its
 * contracts: 34 ms for the heaviest of 500,000 contracts, bench public-record). A SIREN whose counts fall to
 * zero loses its row, so the table holds what a count over the two tables gives (`fillDecpTotals`), row for
 * row.
 */

/** The statement triggers that keep the totals: dropped while a first pass or a rebuild loads (bulkLoad). */
export const DECP_TOTALS_TRIGGERS = [
  { table: TITULAIRES, name: 'fr_decp_totaux_titulaires_insert', event: 'insert', transition: 'new' },
  { table: TITULAIRES, name: 'fr_decp_totaux_titulaires_delete', event: 'delete', transition: 'old' },
  { table: TITULAIRES, name: 'fr_decp_totaux_titulaires_update', event: 'update', transition: 'both' },
  { table: MARCHES, name: 'fr_decp_totaux_marches_insert', event: 'insert', transition: 'new' },
  { table: MARCHES, name: 'fr_decp_totaux_marches_delete', event: 'delete', transition: 'old' },
  { table: MARCHES, name: 'fr_decp_totaux_marches_update', event: 'update', transition: 'both' },
] as const;

/**
 * The totals of every SIREN from the two tables, in one statement: what the triggers keep row by row (run
 * at the end of a bulk load, and by the migration that creates the table).
 */
export async function fillDecpTotals(knex: Knex, served = true): Promise<void> {
  await knex.raw(`delete from ${DECP_TOTAUX_TABLE}`);
  await knex.raw(`
    insert into ${DECP_TOTAUX_TABLE}
      (siren, marches_titulaire, montant_titulaire, titulaire_sans_montant, marches_acheteur)
    select coalesce(t.siren, a.siren), coalesce(t.n, 0), coalesce(t.montant, 0), coalesce(t.sans_montant, 0),
           coalesce(a.n, 0)
      from (select siren, count(*) as n, coalesce(sum(montant_centimes), 0) as montant,
                   count(*) filter (where montant_centimes is null) as sans_montant
              from ${TITULAIRES} group by siren) t
      full join (select acheteur_siren as siren, count(*) as n from ${MARCHES}
                  where acheteur_siren is not null${served ? ' and servie' : ''}
                  group by acheteur_siren) a on a.siren = t.siren`);
}

/**
 * Adds each SIREN's change (the signed rows of `changes`: siren, contracts held, amount, held without amount,
 * contracts awarded), then drops the rows left at zero.
 */
const APPLY = (changes: string) => `
  insert into ${DECP_TOTAUX_TABLE} as t
    (siren, marches_titulaire, montant_titulaire, titulaire_sans_montant, marches_acheteur)
  select siren, sum(n), sum(montant), sum(sans_montant), sum(acheteur)
    from (${changes}) c(siren, n, montant, sans_montant, acheteur)
   where siren is not null
   group by siren
  having sum(n) <> 0 or sum(montant) <> 0 or sum(sans_montant) <> 0 or sum(acheteur) <> 0
  on conflict (siren) do update set
    marches_titulaire = t.marches_titulaire + excluded.marches_titulaire,
    montant_titulaire = t.montant_titulaire + excluded.montant_titulaire,
    titulaire_sans_montant = t.titulaire_sans_montant + excluded.titulaire_sans_montant,
    marches_acheteur = t.marches_acheteur + excluded.marches_acheteur;
  delete from ${DECP_TOTAUX_TABLE} t
   where t.siren in (select siren from (${changes}) c(siren))
     and t.marches_titulaire = 0 and t.marches_acheteur = 0;`;

/** A holder row's signed contribution: (siren, 1, amount, 1 if no amount, 0). */
const HOLDER = (rows: string, sign: '' | '-') =>
  `select siren, ${sign}1::bigint, ${sign}coalesce(montant_centimes, 0)::numeric,
          ${sign}(montant_centimes is null)::int::bigint, 0::bigint from ${rows}`;
/**
 * A contract's signed contribution to its buyer: (buyer SIREN, 0, 0, 0, 1); with `served`, only a publication
 * the read model serves (`servie`, migration fr_decp_0005: a superseded one is not a contract of its own).
 */
const BUYER = (rows: string, sign: '' | '-', served: boolean) =>
  `select acheteur_siren, 0::bigint, 0::numeric, 0::bigint, ${sign}1::bigint from ${rows}${served ? ' where servie' : ''}`;

/**
 * Creates the totals table, its trigger functions and triggers, and fills it (migration fr_decp_0004, before
 * the contracts had `servie`: `served` false).
 */
export async function createDecpTotals(knex: Knex, served: boolean): Promise<void> {
  await knex.raw(`
    create table ${DECP_TOTAUX_TABLE} (
      siren text primary key,
      marches_titulaire bigint not null,
      -- the sum of the holder rows' amounts in cents (numeric: a sum of bigints may exceed one)
      montant_titulaire numeric not null,
      titulaire_sans_montant bigint not null,
      marches_acheteur bigint not null
    )`);
  // One function per table, each branch reading only the transition tables its event has.
  await knex.raw(`
    create function fr_decp_totaux_titulaires() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${APPLY(HOLDER('nouveaux', ''))}
      elsif tg_op = 'DELETE' then
        ${APPLY(HOLDER('anciens', '-'))}
      else
        ${APPLY(`${HOLDER('anciens', '-')} union all ${HOLDER('nouveaux', '')}`)}
      end if;
      return null;
    end
    $$`);
  await createBuyerTotalsFunction(knex, served, 'create');
  for (const t of DECP_TOTALS_TRIGGERS) {
    const transition =
      t.transition === 'new'
        ? 'new table as nouveaux'
        : t.transition === 'old'
          ? 'old table as anciens'
          : 'old table as anciens new table as nouveaux';
    const fn = t.table === TITULAIRES ? 'fr_decp_totaux_titulaires' : 'fr_decp_totaux_marches';
    await knex.raw(`
      create trigger ${t.name} after ${t.event} on ${t.table}
        referencing ${transition}
        for each statement execute function ${fn}()`);
  }
  await fillDecpTotals(knex, served);
}

/** The contracts table's trigger function: its buyers' counts (`replace`: migration fr_decp_0005). */
export async function createBuyerTotalsFunction(
  knex: Knex,
  served: boolean,
  how: 'create' | 'replace',
): Promise<void> {
  await knex.raw(`
    create ${how === 'replace' ? 'or replace ' : ''}function fr_decp_totaux_marches() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${APPLY(BUYER('nouveaux', '', served))}
      elsif tg_op = 'DELETE' then
        ${APPLY(BUYER('anciens', '-', served))}
      else
        ${APPLY(`${BUYER('anciens', '-', served)} union all ${BUYER('nouveaux', '', served)}`)}
      end if;
      return null;
    end
    $$`);
}
