import type { Knex } from 'knex';
import { emptyDecpReport, readDecpJson } from '../../ingest/fr-decp/readFrDecpJson.ts';
import { copyText } from '../../ops/eventstore/postgres/entityBlockRows.ts';
import {
  DECP_MARCHES_TABLE,
  DECP_TITULAIRES_TABLE,
  decpProjection,
  fillDecpServed,
} from '../../projections/fr-decp/decpProjection.ts';
import { type DecpMarcheRow, decpMarcheRow } from '../../projections/fr-decp/decpRow.ts';
import { DECP_TOTALS_TRIGGERS } from '../../projections/fr-decp/decpTotals.ts';
import { copyThroughPsql } from '../core/psqlCopy.ts';

/** The contracts table's columns in the order the COPY writes them (decpRow.ts). */
const COLUMNS: (keyof DecpMarcheRow)[] = [
  'id',
  'cle',
  'publication',
  'groupe',
  'marche_id',
  'acheteur_siret',
  'acheteur_siren',
  'acheteur_nom',
  'nature',
  'objet',
  'procedure',
  'code_cpv',
  'date_notification',
  'date_publication',
  'duree_mois',
  'montant_centimes',
  'montant_publie',
  'montant_modifie_centimes',
  'montant_modifie_publie',
  'date_modification',
  'lieu_execution_code',
  'lieu_execution_type',
  'lieu_execution_nom',
  'source',
  'titulaires_siren',
  'nombre_titulaires',
];

function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  // SIRENs: nine digits each, no quoting needed in an array literal.
  if (Array.isArray(value)) return `{${value.join(',')}}`;
  return copyText(String(value));
}

/**
 * Bench only, for the route measurement at sizes the event ingest takes half an hour to reach: the DECP read
 * tables filled straight from the generated file, **without events**: each contract read by the ingest's
 * own reader (readDecpJson: the same ids, the same repeated ids refused) and turned into its row by the
 * projection's own function (decpMarcheRow), COPYed into fr_decp_marches; the holder rows written by the
 * same select the projection runs (`HOLDERS_OF`, here over the whole table); the publication served and the
 * totals by the projection's fill (fillDecpServed); the reader indexes and the totals triggers dropped meanwhile and created again from
 * their catalogue definitions, as a first pass's bulk load does (bulkLoad.ts). Rows already there (a real
 * ingest's) are kept. Returns the contracts written.
 */
export async function fillDecpReadTables(opts: {
  knex: Knex;
  url: string;
  schema: string;
  file: string;
}): Promise<number> {
  const { knex } = opts;
  const bulk = decpProjection.bulkLoad!;
  const { rows: indexes } = await knex.raw<{ rows: { name: string; definition: string }[] }>(
    `select c.relname as name, pg_get_indexdef(c.oid) as definition from pg_class c
      where c.relname = any(?::text[]) and c.relnamespace = to_regnamespace(?)`,
    [[...bulk.indexes], opts.schema],
  );
  const { rows: triggers } = await knex.raw<{
    rows: { name: string; relation: string; definition: string }[];
  }>(
    `select t.tgname as name, t.tgrelid::regclass::text as relation, pg_get_triggerdef(t.oid) as definition
       from pg_trigger t where t.tgname = any(?::text[]) and t.tgrelid::regclass::text = any(?::text[])`,
    [DECP_TOTALS_TRIGGERS.map((t) => t.name), [DECP_MARCHES_TABLE, DECP_TITULAIRES_TABLE]],
  );
  for (const i of indexes) await knex.raw(`drop index "${opts.schema}".${i.name}`);
  for (const t of triggers) await knex.raw(`drop trigger ${t.name} on ${t.relation}`);
  const staging = 'bench_decp_fill';
  await knex.raw(`drop table if exists ${staging}`);
  await knex.raw(`create table ${staging} (like ${DECP_MARCHES_TABLE} including defaults)`);
  let written = 0;
  await copyThroughPsql(
    opts.url,
    `copy "${opts.schema}".${staging} (${COLUMNS.join(', ')}) from stdin`,
    async (stdin) => {
      const lines: string[] = [];
      const flush = async () => {
        if (lines.length === 0) return;
        const chunk = `${lines.join('\n')}\n`;
        lines.length = 0;
        if (!stdin.write(chunk)) await new Promise((r) => stdin.once('drain', r));
      };
      for await (const r of readDecpJson(opts.file, emptyDecpReport())) {
        const row = decpMarcheRow({ id: r.id, record: r.record } as Parameters<typeof decpMarcheRow>[0]);
        if (!row) continue;
        lines.push(COLUMNS.map((c) => copyValue(row[c])).join('\t'));
        written++;
        if (lines.length >= 2000) await flush();
      }
      await flush();
    },
  );
  await knex.raw(`insert into ${DECP_MARCHES_TABLE} select * from ${staging} on conflict (id) do nothing`);
  await knex.raw(`drop table ${staging}`);
  await knex.raw(`
    insert into ${DECP_TITULAIRES_TABLE} (id, siren, date_notification, date_publication, montant_centimes)
    select distinct m.id, s.siren, m.date_notification, m.date_publication, m.montant_centimes
      from ${DECP_MARCHES_TABLE} m cross join lateral unnest(m.titulaires_siren) as s(siren)
    on conflict do nothing`);
  // Which publication of a contract published more than once is served, as a bulk load's end does.
  await fillDecpServed(knex);
  await knex.transaction(async (trx) => {
    // As a bulk load's end (bulkLoad.ts): index builds sort in memory up to this much.
    await trx.raw("set local maintenance_work_mem = '256MB'");
    for (const i of indexes) await trx.raw(i.definition);
    for (const t of triggers) await trx.raw(t.definition);
  });
  return written;
}
