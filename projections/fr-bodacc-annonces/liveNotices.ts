import type { Knex } from 'knex';
import type { NoticeRow } from './noticeRow.ts';

/** A notice served as a fact: its row without the issue it was published in nor the take-back flag. */
export type LiveNotice = Omit<NoticeRow, 'parution' | 'numero_annonce' | 'annule_precedent'>;

/**
 * A notice (aliased `a`, in table `notices`) is live unless a later notice points to it (a rectificatif replaces it, an annulation cancels
 * it), and a notice that only takes an earlier one back (annulation, rétractation sur tierce opposition, a
 * rectificatif that is a report of striking-off by the registrar) is not itself a fact.
 */
export const liveNoticeSql = (notices: string) => `a.annule_precedent = false
  and a.type_avis is distinct from 'annulation'
  and not exists (select 1 from ${notices} later where later.precedent_id = a.id)`;
const LIVE = liveNoticeSql('fr_bodacc_annonces');

/** The members of a {@link LiveNotice}, read from a notices table aliased `a`. */
export const LIVE_NOTICE_COLUMNS = `a.id, a.publication, to_char(a.date_parution, 'YYYY-MM-DD') as date_parution,
  a.type_avis, a.famille, a.famille_libelle, a.tribunal, a.jugement, a.radiation_commentaire, a.precedent_id`;
const COLUMNS = LIVE_NOTICE_COLUMNS;

/** The company's live notices published on or after `since`, newest first, at most `limit`, with their total. */
export async function liveNoticesSince(
  knex: Knex,
  q: { siren: string; since: string; limit: number },
): Promise<{ total: number; notices: LiveNotice[] }> {
  return listed(knex, `s.date_parution >= ?::date`, [q.since], q);
}

/** The company's live collective-procedure and striking-off notices, newest first. */
export async function liveSignalNotices(
  knex: Knex,
  q: { siren: string; limit: number },
): Promise<{ total: number; notices: LiveNotice[] }> {
  return listed(knex, `a.famille in ('collective', 'radiation')`, [], q);
}

/**
 * One statement gives the page and the total (`count(*) over ()`), so the total can never be lower than the
 * list it comes with.
 */
async function listed(
  knex: Knex,
  filter: string,
  bindings: Knex.Value[],
  q: { siren: string; limit: number },
): Promise<{ total: number; notices: LiveNotice[] }> {
  const { rows } = await knex.raw<{ rows: (LiveNotice & { total: string })[] }>(
    `select ${COLUMNS}, count(*) over () as total
       from fr_bodacc_annonce_sirens s join fr_bodacc_annonces a on a.id = s.annonce_id
      where s.siren = ? and ${filter} and ${LIVE}
      order by a.date_parution desc nulls last, a.id desc
      limit ?`,
    [q.siren, ...bindings, q.limit],
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return { total, notices: rows.map(({ total: _total, ...n }) => n) };
}
