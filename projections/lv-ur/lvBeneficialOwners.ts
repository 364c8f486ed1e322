type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

export interface LvBeneficialOwner {
  type: 'personne_physique';
  nom: null;
  nationalites: string[];
  pays_residence: string | null;
  inscrit_le: string | null;
}

/**
 * Rows of `beneficial_owners.csv` of one company. Beneficial owners are natural persons: counted, never
 * named (`nom` is always null; the ingest dropped names, masked identity numbers and birth dates).
 */
export function lvBeneficialOwners(rows: readonly Row[]): LvBeneficialOwner[] {
  return rows.map((r) => ({
    type: 'personne_physique',
    nom: null,
    nationalites: (text(r.nationality) ?? '')
      .split(';')
      .map((x) => x.trim())
      .filter(Boolean),
    pays_residence: text(r.residence),
    inscrit_le: text(r.registered_on)?.slice(0, 10) ?? null,
  }));
}
