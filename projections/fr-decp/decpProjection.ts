import type { Knex } from 'knex';
import { DECP_MARCHE, FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { isBulkLoading } from '../core/bulkLoad.ts';
import { type EntityBinding, entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { type RowTable, rowBinding } from '../core/rowTable.ts';
import {
  createDecpRecentsFunction,
  fillDecpRecents,
  refreshDecpRecents,
  sirensOfContracts,
} from './decpRecents.ts';
import { type DecpMarcheRow, decpMarcheRow } from './decpRow.ts';
import { DECP_MARCHES_TABLE, DECP_TITULAIRES_TABLE, DECP_TOTAUX_TABLE } from './decpTables.ts';
import {
  createBuyerTotalsFunction,
  createDecpTotals,
  DECP_TOTALS_TRIGGERS,
  fillDecpTotals,
} from './decpTotals.ts';

export { DECP_MARCHES_TABLE, DECP_TITULAIRES_TABLE, DECP_TOTAUX_TABLE } from './decpTables.ts';

/**
 * The indexes only readers use (the route, prospection, scores): a first pass or a rebuild loads without them
 * and builds each once at its end (bulkLoad.ts). The handlers use the primary keys only.
 */
const READER_INDEXES = [
  `${DECP_MARCHES_TABLE}_titulaires`,
  `${DECP_MARCHES_TABLE}_sans_titulaire`,
  `${DECP_MARCHES_TABLE}_acheteur_recents`,
  `${DECP_TITULAIRES_TABLE}_recents`,
  `${DECP_MARCHES_TABLE}_groupe`,
];

const table: RowTable<DecpMarcheRow> = {
  name: DECP_MARCHES_TABLE,
  key: ['id'],
  columns: {
    id: 'text',
    cle: 'text',
    publication: 'integer',
    groupe: 'text',
    marche_id: 'text',
    acheteur_siret: 'text',
    acheteur_siren: 'text',
    acheteur_nom: 'text',
    nature: 'text',
    objet: 'text',
    procedure: 'text',
    code_cpv: 'text',
    date_notification: 'text',
    date_publication: 'text',
    duree_mois: 'integer',
    montant_centimes: 'bigint',
    montant_publie: 'text',
    montant_modifie_centimes: 'bigint',
    montant_modifie_publie: 'text',
    date_modification: 'text',
    lieu_execution_code: 'text',
    lieu_execution_type: 'text',
    lieu_execution_nom: 'text',
    source: 'text',
    titulaires_siren: 'text[]',
    nombre_titulaires: 'integer',
  },
};

/**
 * The DECP contracts, one row per contract, and a row per contract and holder SIREN: found by holder SIREN
 * and by buyer SIREN, newest first, each from an index on the SIREN and the dates (read by
 * api/routes/marchesPublics.ts).
 */
export const decpProjection: Projection = {
  name: 'fr-decp',
  registers: [FR_DECP_REGISTER],
  tables: [DECP_MARCHES_TABLE, DECP_TITULAIRES_TABLE, DECP_TOTAUX_TABLE],
  // The totals are counted once when the load completes, not kept row by row while it streams in.
  bulkLoad: { indexes: READER_INDEXES, triggers: DECP_TOTALS_TRIGGERS, fill: fillDecpServed },
  migrations: [
    {
      name: 'fr_decp_0001_marches',
      async up(knex) {
        await knex.raw(`
          create table ${DECP_MARCHES_TABLE} (
            id text primary key,
            marche_id text,
            acheteur_siret text,
            acheteur_siren text,
            acheteur_nom text,
            nature text,
            objet text,
            procedure text,
            code_cpv text,
            date_notification text,
            date_publication text,
            duree_mois integer,
            montant_centimes bigint,
            montant_publie text,
            montant_modifie_centimes bigint,
            montant_modifie_publie text,
            date_modification text,
            lieu_execution_code text,
            lieu_execution_type text,
            lieu_execution_nom text,
            source text,
            titulaires_siren text[] not null,
            nombre_titulaires integer not null
          )`);
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_titulaires on ${DECP_MARCHES_TABLE} using gin (titulaires_siren)`,
        );
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_acheteur on ${DECP_MARCHES_TABLE} (acheteur_siren)`,
        );
        // The contracts without a usable holder identifier, counted once per copy by the route.
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_sans_titulaire on ${DECP_MARCHES_TABLE} (id) where cardinality(titulaires_siren) = 0`,
        );
      },
    },
    {
      // The buyer's newest contracts in the index's order (a few pages whatever the buyer's size), its count
      // from the index alone: replaces the index on the buyer's SIREN only, which made the route read and
      // sort every contract of a large buyer.
      name: 'fr_decp_0002_acheteur_recents',
      async up(knex) {
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_acheteur_recents on ${DECP_MARCHES_TABLE}
             (acheteur_siren, date_notification desc nulls last, date_publication desc nulls last, id)`,
        );
        await knex.raw(`drop index if exists ${DECP_MARCHES_TABLE}_acheteur`);
      },
    },
    {
      // The holders' contracts by SIREN, newest first, with their amounts: the route no longer fetches every
      // contract of a large holder through the GIN index (kept for the prospection and score queries).
      name: 'fr_decp_0003_titulaires',
      async up(knex) {
        await knex.raw(`
          create table ${DECP_TITULAIRES_TABLE} (
            id text not null,
            siren text not null,
            date_notification text,
            date_publication text,
            montant_centimes bigint,
            primary key (id, siren)
          )`);
        await knex.raw(
          `create index ${DECP_TITULAIRES_TABLE}_recents on ${DECP_TITULAIRES_TABLE}
             (siren, date_notification desc nulls last, date_publication desc nulls last, id)
             include (montant_centimes)`,
        );
        await knex.raw(`insert into ${DECP_TITULAIRES_TABLE} ${HOLDERS_OF_0003} true`);
      },
    },
    {
      // Each SIREN's counts and holder total in one row, kept by triggers (decpTotals.ts): the route read
      // them from the index ranges, a read that grew with the company's contracts.
      name: 'fr_decp_0004_totaux',
      up: (knex) => createDecpTotals(knex, false),
    },
    {
      // A contract published more than once in the file: each publication a row, one served per contract
      // (decpRow.ts `groupe`), the holder rows and the totals of the served ones only.
      name: 'fr_decp_0005_publications',
      async up(knex) {
        await knex.raw(`
          alter table ${DECP_MARCHES_TABLE}
            add column cle text,
            add column publication integer not null default 1,
            add column groupe text,
            add column servie boolean not null default true`);
        await knex.raw(`
          update ${DECP_MARCHES_TABLE} set cle = id,
            groupe = id || '|' || coalesce(array_to_string(array(
              select s from unnest(titulaires_siren) s order by s collate "C"), ','), '')`);
        await knex.raw(
          `alter table ${DECP_MARCHES_TABLE} alter column cle set not null, alter column groupe set not null`,
        );
        await knex.raw(`create index ${DECP_MARCHES_TABLE}_groupe on ${DECP_MARCHES_TABLE} (groupe)`);
        // The buyer's newest served contracts by an index-only scan of their ids, as the holder side reads
        // fr_decp_titulaires: a planner estimating a large buyer at the average (not among its most common
        // values) chose a bitmap scan of all its contracts and a sort (1 M contracts: 216 read for 100).
        await knex.raw(`drop index ${DECP_MARCHES_TABLE}_acheteur_recents`);
        await knex.raw(
          `create index ${DECP_MARCHES_TABLE}_acheteur_recents on ${DECP_MARCHES_TABLE}
             (acheteur_siren, date_notification desc nulls last, date_publication desc nulls last, id)
             where servie`,
        );
        await createBuyerTotalsFunction(knex, true, 'replace');
        await fillDecpTotals(knex, true);
      },
    },
    {
      // Each SIREN's newest contracts as the route serves them, written at projection time (decpRecents.ts):
      // the route read the 100 rows one by one (about 870 buffers at 1 M contracts) and built each answer.
      name: 'fr_decp_0006_recents',
      async up(knex) {
        await knex.raw(`alter table ${DECP_TOTAUX_TABLE} add column recents text[] not null default '{}'`);
        await createDecpRecentsFunction(knex);
        await fillDecpRecents(knex);
      },
    },
  ],
  ...entityHandlers([
    withHolders(rowBinding({ register: FR_DECP_REGISTER, kind: DECP_MARCHE, table, rowOf: decpMarcheRow })),
  ]),
};

/**
 * The holder rows of the (served) contracts `where` selects (`m` the contracts table), as the holders table
 * keeps them.
 */
const holdersOf = (served: boolean) => `(id, siren, date_notification, date_publication, montant_centimes)
  select distinct m.id, s.siren, m.date_notification, m.date_publication, m.montant_centimes
    from ${DECP_MARCHES_TABLE} m cross join lateral unnest(m.titulaires_siren) as s(siren)
   where ${served ? 'm.servie and' : ''}`;
/** As migration fr_decp_0003 wrote them, before the contracts had `servie`. */
const HOLDERS_OF_0003 = holdersOf(false);
const HOLDERS_OF = holdersOf(true);

/** Of each contract's publications (`groupe`), the one served: the latest published, then the later in the file. */
const SERVED_FIRST = 'groupe, date_publication desc nulls last, publication desc';

/**
 * Marks, in the contracts of these groups, the publication served (`servie`) and no other; returns the ids
 * whose mark changed.
 */
async function markServed(trx: Knex.Transaction, groups: readonly string[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `update ${DECP_MARCHES_TABLE} m set servie = (m.id = w.id)
       from (select distinct on (groupe) groupe, id from ${DECP_MARCHES_TABLE}
              where groupe = any(?::text[]) order by ${SERVED_FIRST}) w
      where m.groupe = w.groupe and m.servie <> (m.id = w.id)
      returning m.id`,
    [[...groups]],
  );
  return rows.map((r) => r.id);
}

/** The groups of these contracts' rows as the table holds them. */
async function groupsOf(trx: Knex.Transaction, ids: readonly string[]): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { groupe: string }[] }>(
    `select distinct groupe from ${DECP_MARCHES_TABLE} where id = any(?::text[])`,
    [[...ids]],
  );
  return rows.map((r) => r.groupe);
}

/**
 * The end of a first pass or a rebuild (bulkLoad.fill): the publication served of each contract published
 * more than once, the holder rows of the others removed, then the totals. While it loaded, every row was
 * served and had its holder rows (the handlers leave the choice to this fill).
 */
export async function fillDecpServed(knex: Knex): Promise<void> {
  await knex.raw(`
    update ${DECP_MARCHES_TABLE} m set servie = (m.id = w.id)
      from (select distinct on (groupe) groupe, id from ${DECP_MARCHES_TABLE}
             where groupe in (select groupe from ${DECP_MARCHES_TABLE} group by groupe having count(*) > 1)
             order by ${SERVED_FIRST}) w
     where m.groupe = w.groupe and m.servie <> (m.id = w.id)`);
  await knex.raw(
    `delete from ${DECP_TITULAIRES_TABLE} t using ${DECP_MARCHES_TABLE} m where m.id = t.id and not m.servie`,
  );
  await fillDecpTotals(knex);
  await fillDecpRecents(knex);
}

/** The holder rows of these contracts, written again from their rows in the contracts table. */
async function rewriteHolders(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // `= any` probes the primary key once per id; a join with unnest(ids) was planned as a hash join over
  // the whole table (statistics not yet gathered while a first pass loads it): a scan per batch.
  await trx.raw(`delete from ${DECP_TITULAIRES_TABLE} where id = any(?::text[])`, [[...ids]]);
  await trx.raw(`insert into ${DECP_TITULAIRES_TABLE} ${HOLDERS_OF} m.id = any(?::text[])`, [[...ids]]);
}

/**
 * The contracts' write `write` of these ids, followed by the choice of the publication served in the groups
 * they leave or join, the holder rows of every contract whose rows or mark changed, and the lists of newest
 * contracts (decpRecents.ts) of every SIREN those contracts name, before or after. While the projection loads
 * in bulk the choice and the lists are left to its fill (fillDecpServed): only the written ids' holder rows.
 */
async function writeContracts(
  trx: Knex.Transaction,
  ids: readonly string[],
  write: () => Promise<void>,
): Promise<void> {
  if (await isBulkLoading(trx, decpProjection.name)) {
    await write();
    await rewriteHolders(trx, ids);
    return;
  }
  const before = await groupsOf(trx, ids);
  const named = await sirensOfContracts(trx, ids);
  await write();
  const groups = [...new Set([...before, ...(await groupsOf(trx, ids))])];
  const changed = await markServed(trx, groups);
  const rewritten = [...new Set([...ids, ...changed])];
  await rewriteHolders(trx, rewritten);
  await refreshDecpRecents(trx, [...named, ...(await sirensOfContracts(trx, rewritten))]);
}

/** The contracts' binding, each write followed by their holder rows'. */
function withHolders(contracts: EntityBinding): EntityBinding {
  return {
    ...contracts,
    async upsert(trx, data, event) {
      await writeContracts(trx, [data.id], () => contracts.upsert(trx, data, event));
    },
    async drop(trx, data, event) {
      await writeContracts(trx, [data.id], () => contracts.drop(trx, data, event));
    },
    async upsertMany(trx, items) {
      const ids = items.map((i) => i.data.id);
      await writeContracts(trx, ids, () => contracts.upsertMany!(trx, items));
    },
    async dropMany(trx, items) {
      const ids = items.map((i) => i.data.id);
      await writeContracts(trx, ids, () => contracts.dropMany!(trx, items));
    },
  };
}
