type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

export interface LvAccount {
  annee: number | null;
  debut: string | null;
  fin: string | null;
  effectif: number | null;
  arrondi: string | null;
  devise: string | null;
  type_source: string | null;
  schema_source: string | null;
  depose_le: string | null;
}

/** Rows of `financial_statements.csv` of one company (filed annual reports), newest year first. */
export function lvAccounts(rows: readonly Row[]): LvAccount[] {
  return rows
    .map((r) => {
      const year = text(r.year);
      const employees = text(r.employees);
      const created = text(r.created_at);
      const m = created ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(created) : null;
      return {
        annee: year && /^\d{4}$/.test(year) ? Number(year) : null,
        debut: text(r.year_started_on)?.slice(0, 10) ?? null,
        fin: text(r.year_ended_on)?.slice(0, 10) ?? null,
        effectif: employees && /^\d+$/.test(employees) ? Number(employees) : null,
        arrondi: text(r.rounded_to_nearest),
        devise: text(r.currency),
        type_source: text(r.source_type),
        schema_source: text(r.source_schema),
        depose_le: m ? `${m[1]}T${m[2]}Z` : null,
      };
    })
    .sort((a, b) => (b.annee ?? 0) - (a.annee ?? 0) || (b.fin ?? '').localeCompare(a.fin ?? ''));
}
