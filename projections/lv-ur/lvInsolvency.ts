type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' || s === '0000-00-00' ? null : s;
};

export interface LvProceeding {
  /** As published: INSOLVENCY, LEGAL_PROTECTION (TAP), OUT_OF_COURT_LEGAL_PROTECTION. */
  forme: string | null;
  /** Legal protection (TAP) is a rescue with the creditors, not insolvency. */
  nature: 'insolvabilite' | 'protection_juridique' | null;
  type_source: string | null;
  debut: string | null;
  fin: string | null;
  en_cours: boolean;
  issue: string | null;
  tribunal: string | null;
  numero_affaire: string | null;
}

/** Rows of the insolvency file of one debtor, newest first. No practitioner is named (none is kept). */
export function lvProceedings(rows: readonly Row[]): LvProceeding[] {
  return rows
    .map((r) => {
      const form = text(r.proceeding_form);
      const start = text(r.proceeding_started_on)?.slice(0, 10) ?? null;
      const end = text(r.proceeding_ended_on)?.slice(0, 10) ?? null;
      return {
        forme: form,
        nature: form?.includes('LEGAL_PROTECTION')
          ? ('protection_juridique' as const)
          : form === 'INSOLVENCY'
            ? ('insolvabilite' as const)
            : null,
        type_source: text(r.proceeding_type),
        debut: start,
        fin: end,
        en_cours: start !== null && end === null,
        issue: text(r.proceeding_resolution_name),
        tribunal: text(r.court_name),
        numero_affaire: text(r.court_case_initial_number),
      };
    })
    .sort((a, b) => (b.debut ?? '').localeCompare(a.debut ?? ''));
}
