type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

export interface LvMandate {
  organe: string | null;
  role: string | null;
  titulaire: {
    type: 'personne_physique' | 'personne_morale';
    nom: string | null;
    regnr_entite: string | null;
  };
  representation: { type: string | null; au_moins: number | null };
  inscrit_le: string | null;
  modifie_le: string | null;
}

/**
 * Rows of `officers.csv` of one company: governing body and position as published (register codes), the
 * holder's published name (`Surname Firstname` for a natural person; the ingest dropped the masked
 * identity number and birth date), the representation rule. `OWNER` rows are ownership, not mandates.
 */
export function lvMandates(rows: readonly Row[]): LvMandate[] {
  return rows
    .filter((r) => r.position !== 'OWNER')
    .map((r) => {
      const natural = r.entity_type === 'NATURAL_PERSON';
      const atLeast = text(r.representation_with_at_least);
      const modified = text(r.last_modified_at);
      const m = modified ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(modified) : null;
      return {
        organe: text(r.governing_body),
        role: text(r.position),
        titulaire: {
          type: natural ? 'personne_physique' : 'personne_morale',
          nom: text(r.name),
          regnr_entite: natural ? null : text(r.legal_entity_registration_number),
        },
        representation: {
          type: text(r.rights_of_representation_type),
          au_moins: atLeast !== null && /^\d+$/.test(atLeast) ? Number(atLeast) : null,
        },
        inscrit_le: text(r.registered_on)?.slice(0, 10) ?? null,
        modifie_le: m ? `${m[1]}T${m[2]}Z` : null,
      };
    });
}
