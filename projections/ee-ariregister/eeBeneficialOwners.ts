import { estonianDate } from './eeAriregisterProfile.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export interface EeBeneficialOwner {
  type: 'personne_physique';
  nom: null;
  controle: { code: string | null; libelle: string | null };
  pays_residence: string | null;
  depuis: string | null;
}

/**
 * Current beneficial owners of a company (`kasusaajad[]` without an end date, or one after the snapshot).
 * Beneficial owners are natural persons: counted, never named (`nom` is always null; the ingest kept only the
 * control type, the dates and the country of residence).
 */
export function eeBeneficialOwners(rows: readonly Row[], snapshotDate: string | null): EeBeneficialOwner[] {
  return rows
    .filter((r) => {
      const end = estonianDate(r.lopp_kpv);
      return end === null || (snapshotDate !== null && end > snapshotDate);
    })
    .map((r) => ({
      type: 'personne_physique',
      nom: null,
      controle: {
        code: text(r.kontrolli_teostamise_viis),
        libelle: text(r.kontrolli_teostamise_viis_tekstina),
      },
      pays_residence: text(r.aadress_riik),
      depuis: estonianDate(r.algus_kpv),
    }));
}
