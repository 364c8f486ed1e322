import type { Knex } from 'knex';
import type { JoafeRow } from './joafeRow.ts';
import type { RnaRow } from './rnaRow.ts';

const DATE_COLUMNS = ['date_creation', 'date_declaration', 'date_publication', 'date_dissolution'];

/** The association's RNA record; a waldec row wins over an import row of the same number. */
export async function rnaAssociation(knex: Knex, rna: string): Promise<RnaRow | null> {
  const dates = DATE_COLUMNS.map((c) => `to_char(${c}, 'YYYY-MM-DD') as ${c}`).join(', ');
  const { rows } = await knex.raw<{ rows: RnaRow[] }>(
    `select *, ${dates} from fr_rna_associations where rna = ?
      order by (source = 'waldec') desc limit 1`,
    [rna],
  );
  return rows[0] ?? null;
}

/** The association's notices, most recent first, at most `limit`, with their total (one statement). */
export async function joafeNotices(
  knex: Knex,
  q: { rna: string; limit: number },
): Promise<{ total: number; notices: JoafeRow[] }> {
  const { rows } = await knex.raw<{ rows: { notice: JoafeRow; total: string }[] }>(
    `select notice, count(*) over () as total from fr_joafe_annonces
      where rna = ? order by date_parution desc nulls last, id desc limit ?`,
    [q.rna, q.limit],
  );
  return { total: rows.length > 0 ? Number(rows[0]!.total) : 0, notices: rows.map((r) => r.notice) };
}

export interface JoafeCoverage {
  depuis: string | null;
  jusqu_a: string | null;
  parutions: number;
}

/** The journal issues held: first and last publication dates and how many issues. */
export async function joafeCoverage(knex: Knex): Promise<JoafeCoverage> {
  const { rows } = await knex.raw<{
    rows: { depuis: string | null; jusqu_a: string | null; parutions: string }[];
  }>(
    `select to_char(min(date_parution), 'YYYY-MM-DD') as depuis, to_char(max(date_parution), 'YYYY-MM-DD') as jusqu_a,
            count(*) as parutions from fr_joafe_parutions`,
  );
  const r = rows[0];
  return { depuis: r?.depuis ?? null, jusqu_a: r?.jusqu_a ?? null, parutions: Number(r?.parutions ?? 0) };
}
