import type { Knex } from 'knex';
import { liveNoticeSql } from './liveNotices.ts';

/** A live notice that publishes the company's capital or announces a change of it. */
export interface CapitalNotice {
  id: string;
  date_parution: string | null;
  famille: string | null;
  type_avis: string | null;
  montant: string | null;
  devise: string | null;
  variable: boolean;
  modification_capital: boolean;
}

/**
 * The company's live notices with a capital row (fr_bodacc_capital), newest first, at most `limit`, with
 * their total in the same statement (a total never lower than the list). Cancelled or replaced notices are left
 * out, as everywhere BODACC facts are served.
 */
/**
 * The statement of {@link liveCapitalNotices}, for the company whose SIREN is `siren` (a bound placeholder or a
 * column of an outer statement) and at most `limit` notices (a placeholder or a number), each row with the
 * total in `total`.
 */
export const capitalNoticesSql = (siren: string, limit: string) =>
  `select a.id, to_char(a.date_parution, 'YYYY-MM-DD') as date_parution, a.famille, a.type_avis,
          c.montant, c.devise, c.variable, c.modification_capital, count(*) over () as total
     from fr_bodacc_annonce_sirens s
     join fr_bodacc_annonces a on a.id = s.annonce_id
     join fr_bodacc_capital c on c.annonce_id = a.id
    where s.siren = ${siren} and ${liveNoticeSql('fr_bodacc_annonces')}
    order by a.date_parution desc nulls last, a.id desc
    limit ${limit}`;

/** Rows of {@link capitalNoticesSql} (`total` as text from a server, a number from JSON) as the list and its total. */
export function capitalNoticesOf(rows: readonly (CapitalNotice & { total: string | number })[]): {
  total: number;
  notices: CapitalNotice[];
} {
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return { total, notices: rows.map(({ total: _total, ...n }) => n) };
}

export async function liveCapitalNotices(
  knex: Knex,
  q: { siren: string; limit: number },
): Promise<{ total: number; notices: CapitalNotice[] }> {
  const { rows } = await knex.raw<{ rows: (CapitalNotice & { total: string })[] }>(
    capitalNoticesSql('?', '?'),
    [q.siren, q.limit],
  );
  return capitalNoticesOf(rows);
}
