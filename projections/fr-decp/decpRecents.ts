import type { Knex } from 'knex';
import {
  DECP_TOTAUX_TABLE,
  DECP_MARCHES_TABLE as MARCHES,
  DECP_TITULAIRES_TABLE as TITULAIRES,
} from './decpTables.ts';

/*
 * Each SIREN's newest contracts as the route serves them (`recents` of DECP_TOTAUX_TABLE): the JSON of each
 * contract listed, in the answer's order, written when the contracts are projected. The route then reads one
 * row, whatever the company's size, and concatenates the texts: no contract rows fetched one by one (about 870
 * buffers for a company of 100 contracts or more at 1 M contracts, bench public-record --explain), no object
 * built per contract. The same function writes them in a bulk load's fill and after each write of the
 * handlers, so that a rebuild gives the same text.
 */

/** Contracts kept per SIREN: the route's list (api/routes/marchesPublics.ts); the dossier's block serves the first ones. */
export const DECP_RECENTS_LIMIT = 100;

/** The SQL function that gives a SIREN's list: a text array of JSON objects. */
export const DECP_RECENTS_FUNCTION = 'fr_decp_recents';

/** Newest notification first, then newest publication, then the id: the order of the answer. */
const NEWEST_FIRST = 'date_notification desc nulls last, date_publication desc nulls last, id';

/** Integer cents served as a JSON number, null beyond 2^53 (a JSON number would lose digits there). */
const cents = (column: string) =>
  `case when ${column} between -9007199254740991 and 9007199254740991 then ${column} end`;

/**
 * A contract as the answer lists it (members in the order the route documents), from the contracts table's
 * row `m` and its `role`. The holders are never named: their number only.
 */
const ITEM = `json_build_object(
    'id', m.marche_id, 'role', m.role, 'objet', m.objet, 'nature', m.nature, 'procedure', m.procedure,
    'code_cpv', m.code_cpv, 'date_notification', m.date_notification, 'date_publication', m.date_publication,
    'duree_mois', m.duree_mois, 'montant_centimes', ${cents('m.montant_centimes')},
    'montant_modifie_centimes', ${cents('m.montant_modifie_centimes')},
    'date_derniere_modification', m.date_modification,
    'acheteur', json_build_object('siret', m.acheteur_siret, 'nom', m.acheteur_nom),
    'nombre_titulaires', m.nombre_titulaires,
    'cotitulaires', case when m.role = 'titulaire' then greatest(m.nombre_titulaires - 1, 0) end,
    'lieu_execution', json_build_object('code', m.lieu_execution_code, 'type_code', m.lieu_execution_type,
      'nom', m.lieu_execution_nom),
    'source', m.source)::text`;

/**
 * Creates (or replaces) the function: the SIREN's newest contracts as holder (fr_decp_titulaires' index
 * range) and as buyer (the served publications' index range), each side stopped at the limit, merged newest
 * first (a contract the company both holds and awarded twice, `acheteur` first), the first `limit` kept.
 */
export async function createDecpRecentsFunction(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function ${DECP_RECENTS_FUNCTION}(s text) returns text[] language sql stable as $$
      select coalesce(array_agg(q.item order by q.date_notification desc nulls last,
                                  q.date_publication desc nulls last, q.id, q.role), '{}')
        from (select m.date_notification, m.date_publication, m.id, m.role, ${ITEM} as item
                from ((select 'titulaire' as role, c.* from ${MARCHES} c
                        where c.id in (select id from ${TITULAIRES} where siren = s
                                        order by ${NEWEST_FIRST} limit ${DECP_RECENTS_LIMIT}))
                      union all
                      (select 'acheteur' as role, c.* from ${MARCHES} c
                        where c.id in (select id from ${MARCHES} where acheteur_siren = s and servie
                                        order by ${NEWEST_FIRST} limit ${DECP_RECENTS_LIMIT}))) m
               order by m.date_notification desc nulls last, m.date_publication desc nulls last, m.id, m.role
               limit ${DECP_RECENTS_LIMIT}) q
    $$`);
}

/**
 * Every SIREN's list written again (the end of a bulk load, the migration that adds them), in one pass over
 * the tables: each SIREN's holder and buyer rows ranked newest first, the first DECP_RECENTS_LIMIT kept, each
 * contract's JSON built as the function builds it. The same lists as the function gives SIREN by SIREN (the
 * first of the merged sides are the first of their union; tests check it), without its index probes per
 * SIREN (1 M contracts, 182,373 SIRENs: 17 M buffers and 253 s under load 12).
 */
export async function fillDecpRecents(knex: Knex): Promise<void> {
  await knex.raw(`
    update ${DECP_TOTAUX_TABLE} t set recents = l.recents
      from (select r.siren, array_agg(r.item order by r.rang) as recents
              from (select m.siren, m.rang, ${ITEM} as item
                      from (select k.siren, k.rang, k.role, c.*
                              from (select u.siren, u.id, u.role,
                                           row_number() over (partition by u.siren
                                             order by u.date_notification desc nulls last,
                                                      u.date_publication desc nulls last, u.id, u.role) as rang
                                      from (select siren, id, 'titulaire' as role, date_notification,
                                                   date_publication
                                              from ${TITULAIRES}
                                            union all
                                            select acheteur_siren, id, 'acheteur', date_notification,
                                                   date_publication
                                              from ${MARCHES} where acheteur_siren is not null and servie) u) k
                              join ${MARCHES} c on c.id = k.id
                             where k.rang <= ${DECP_RECENTS_LIMIT}) m) r
             group by r.siren) l
     where l.siren = t.siren`);
}

/**
 * The SIRENs whose list these contracts may be in: their holders (every publication's, served or not) and
 * their buyer, as the contracts table holds them now.
 */
export async function sirensOfContracts(trx: Knex.Transaction, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await trx.raw<{ rows: { siren: string }[] }>(
    `select s.siren from ${MARCHES} m cross join lateral unnest(m.titulaires_siren) as s(siren)
      where m.id = any(?::text[])
     union
     select acheteur_siren from ${MARCHES} where id = any(?::text[]) and acheteur_siren is not null`,
    [[...ids], [...ids]],
  );
  return rows.map((r) => r.siren);
}

/** These SIRENs' lists written again (those without a totals row have none). */
export async function refreshDecpRecents(trx: Knex.Transaction, sirens: readonly string[]): Promise<void> {
  if (sirens.length === 0) return;
  await trx.raw(
    `update ${DECP_TOTAUX_TABLE} set recents = ${DECP_RECENTS_FUNCTION}(siren) where siren = any(?::text[])`,
    [[...new Set(sirens)]],
  );
}
