import type { UnitIdentity } from './sireneCoverage.ts';

/** A row of fr_sirene_unites_legales as the routes read it. */
export interface UnitRow extends UnitIdentity {
  denomination: string | null;
  sigle: string | null;
  denominations_usuelles: string[];
  activite_principale: string | null;
  categorie_entreprise: string | null;
  tranche_effectifs: string | null;
  date_creation: string | null;
  nic_siege: string | null;
}

export const UNIT_COLUMNS = [
  'siren',
  'statut_diffusion',
  'etat_administratif',
  'categorie_juridique',
  'denomination',
  'sigle',
  'denominations_usuelles',
  'activite_principale',
  'categorie_entreprise',
  'tranche_effectifs',
  'date_creation',
  'nic_siege',
] as const;

const UNIT_STATES: Record<string, string> = { A: 'actif', C: 'cesse' };
const ESTABLISHMENT_STATES: Record<string, string> = { A: 'actif', F: 'ferme' };

/** `A` → `actif`, `C` → `cesse` (unité légale cessée); another code is served as published. */
export function unitState(code: string | null): string | null {
  return code === null ? null : (UNIT_STATES[code] ?? code);
}

/** `A` → `actif`, `F` → `ferme` (établissement fermé); another code is served as published. */
export function establishmentState(code: string | null): string | null {
  return code === null ? null : (ESTABLISHMENT_STATES[code] ?? code);
}

/** The identity members every French company answer starts with, from the unit row alone. */
export function identityOf(unit: UnitRow): Record<string, unknown> {
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    sigle: unit.sigle,
    denominations_usuelles: unit.denominations_usuelles,
    nature_juridique: unit.categorie_juridique,
    activite_principale: unit.activite_principale,
    categorie_entreprise: unit.categorie_entreprise,
    tranche_effectif_salarie: unit.tranche_effectifs,
    date_creation: unit.date_creation,
    etat_administratif: unitState(unit.etat_administratif),
  };
}
