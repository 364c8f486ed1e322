import type { Knex } from 'knex';
import { LIVE_NOTICE_COLUMNS, type LiveNotice, liveNoticeSql } from '../fr-bodacc-annonces/liveNotices.ts';
import { noticeCompaniesOf, noticeFactsBindings, noticeRowOf } from '../fr-bodacc-annonces/noticeRow.ts';
import { type Signal, signalOf } from '../fr-bodacc-annonces/signalOf.ts';
import { publicSignalsOf } from './publicSignals.ts';

/**
 * The BODACC notices the list reads: collective procedures and striking-offs (the signals), and any notice
 * that corrects or cancels an earlier one (it decides whether that one is still live). Sales, creations,
 * changes and filings are not kept.
 */
function kept(row: ReturnType<typeof noticeRowOf>): boolean {
  return (
    row.famille === 'collective' ||
    row.famille === 'radiation' ||
    row.precedent_id !== null ||
    row.type_avis === 'annulation'
  );
}

/** Companies whose signals a change of these notices may move: theirs, and those of the notices they point to. */
async function companiesTouched(trx: Knex.Transaction, ids: string[]): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { siren: string }[] }>(
    `select s.siren from liste_annonce_sirens s where s.annonce_id = any(?::text[])
     union
     select s.siren from liste_annonces a join liste_annonce_sirens s on s.annonce_id = a.precedent_id
      where a.id = any(?::text[])`,
    [ids, ids],
  );
  return rows.map((r) => r.siren);
}

/**
 * Writes (or removes, when not kept) a notice of the BODACC in the list's notice tables. Idempotent: the
 * same notice arrives once per company stream. Returns the companies whose signals may have moved.
 */
export async function upsertListeNotice(
  trx: Knex.Transaction,
  id: string,
  record: Record<string, unknown>,
): Promise<string[]> {
  const row = noticeRowOf(id, record);
  const before = await companiesTouched(trx, [id]);
  await trx.raw('delete from liste_annonce_sirens where annonce_id = ?', [id]);
  if (!kept(row)) {
    await trx.raw('delete from liste_annonces where id = ?', [id]);
    return before;
  }
  await trx.raw(
    `insert into liste_annonces (id, publication, date_parution, type_avis, famille, famille_libelle, tribunal,
            jugement, radiation_commentaire, precedent_id, annule_precedent)
     values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
     on conflict (id) do update set publication = excluded.publication, date_parution = excluded.date_parution,
       type_avis = excluded.type_avis, famille = excluded.famille, famille_libelle = excluded.famille_libelle,
       tribunal = excluded.tribunal, jugement = excluded.jugement,
       radiation_commentaire = excluded.radiation_commentaire, precedent_id = excluded.precedent_id,
       annule_precedent = excluded.annule_precedent`,
    [row.id, row.publication, row.date_parution, ...noticeFactsBindings(row)],
  );
  const sirens = [...new Set(noticeCompaniesOf(record).map((c) => c.siren))];
  await trx.raw(
    `insert into liste_annonce_sirens (siren, annonce_id) select u.s, ? from unnest(?::text[]) as u(s)
     on conflict do nothing`,
    [id, sirens],
  );
  return [...before, ...(await companiesTouched(trx, [id]))];
}

/** Removes a notice the BODACC withdrew; returns the companies whose signals may have moved. */
export async function dropListeNotice(trx: Knex.Transaction, id: string): Promise<string[]> {
  const touched = await companiesTouched(trx, [id]);
  await trx.raw('delete from liste_annonce_sirens where annonce_id = ?', [id]);
  await trx.raw('delete from liste_annonces where id = ?', [id]);
  return touched;
}

/**
 * Recomputes `liste_signaux` for these companies from their live notices (the alertes route's reading):
 * a company with no signal has no row (the served table reads `aucune`).
 */
export async function refreshSignals(trx: Knex.Transaction, sirens: readonly string[]): Promise<void> {
  const unique = [...new Set(sirens)];
  if (unique.length === 0) return;
  const { rows } = await trx.raw<{ rows: (LiveNotice & { siren: string })[] }>(
    `select s.siren, ${LIVE_NOTICE_COLUMNS}
       from unnest(?::text[]) as k(siren)
       join liste_annonce_sirens s on s.siren = k.siren
       join liste_annonces a on a.id = s.annonce_id
      where a.famille in ('collective', 'radiation') and ${liveNoticeSql('liste_annonces')}`,
    [unique],
  );
  const bySiren = new Map<string, Signal[]>();
  for (const { siren, ...notice } of rows) {
    const signal = signalOf(notice);
    if (signal) bySiren.set(siren, [...(bySiren.get(siren) ?? []), signal]);
  }
  await trx.raw('delete from liste_signaux where siren = any(?::text[])', [unique]);
  const states = [...bySiren].map(([siren, signals]) => ({ siren, ...publicSignalsOf(signals) }));
  if (states.length === 0) return;
  await trx.raw(
    `insert into liste_signaux (siren, procedure_collective, dernier_signal, date_dernier_signal)
     select * from unnest(?::text[], ?::text[], ?::text[], ?::date[])`,
    [
      states.map((s) => s.siren),
      states.map((s) => s.procedure_collective),
      states.map((s) => s.dernier_signal) as string[],
      states.map((s) => s.date_dernier_signal) as string[],
    ],
  );
}
