import type { SireneRecord } from '../../schemas/events/frSireneEvents.ts';
import { legalCategoryRefusal } from '../../schemas/legalForms/legalCategoryCoverage.ts';
import { type NameForms, nameForms } from './nameForms.ts';

/** One row of the search table, as the projection writes it: the names as published, then their indexed forms. */
export interface SearchRow extends NameForms {
  siren: string;
  denomination: string | null;
  autres_noms: string[];
  etat: string | null;
  categorie_juridique: string;
  activite_principale: string | null;
  rang_taille: number;
  siret_siege: string | null;
}

/** A field of a Sirene row: null when empty or masked (`[ND]`, protected fields of partial diffusion). */
export function sireneValue(record: Record<string, unknown>, field: string): string | null {
  const v = record[field];
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' || t === '[ND]' ? null : t;
}

/**
 * Legal categories the profile refuses (legalCategoryCoverage: sole proprietors, groups without legal
 * personality, undeclared associations): search never lists them.
 */
export function isNaturalPersonOrGroup(categorie: string): boolean {
  return legalCategoryRefusal(categorie) !== null;
}

/** Workforce bands in ascending order (INSEE `trancheEffectifs`); NN and unknown rank 0. */
const BANDS = ['00', '01', '02', '03', '11', '12', '21', '22', '31', '32', '41', '42', '51', '52', '53'];
/** Used only when the band is missing: the smallest band the size category implies. */
const CATEGORY_RANK: Record<string, number> = {
  PME: 1,
  ETI: BANDS.indexOf('32') + 1,
  GE: BANDS.indexOf('51') + 1,
};

export function sizeRank(record: SireneRecord): number {
  const band = sireneValue(record, 'trancheEffectifsUniteLegale');
  const byBand = band ? BANDS.indexOf(band) + 1 : 0;
  if (byBand > 0) return byBand;
  const category = sireneValue(record, 'categorieEntreprise');
  return category ? (CATEGORY_RANK[category] ?? 0) : 0;
}

/**
 * The search row of a unit (StockUniteLegale record), or null when the unit must not be searchable: not
 * publicly diffusible (`statutDiffusionUniteLegale` other than O, e.g. P partial diffusion), no legal
 * category (nothing proves a legal person), or a sole proprietor or group without legal personality.
 * Personal-name columns (nom, prénoms, pseudonyme) are never read.
 */
export function searchRowOf(siren: string, record: SireneRecord): SearchRow | null {
  if (sireneValue(record, 'statutDiffusionUniteLegale') !== 'O') return null;
  const categorie = sireneValue(record, 'categorieJuridiqueUniteLegale');
  if (!categorie || isNaturalPersonOrGroup(categorie)) return null;
  const denomination = sireneValue(record, 'denominationUniteLegale');
  const others = [
    'sigleUniteLegale',
    'denominationUsuelle1UniteLegale',
    'denominationUsuelle2UniteLegale',
    'denominationUsuelle3UniteLegale',
  ]
    .map((f) => sireneValue(record, f))
    .filter((v): v is string => v !== null && v !== denomination);
  const nic = sireneValue(record, 'nicSiegeUniteLegale');
  const autres = [...new Set(others)];
  return {
    siren,
    denomination,
    autres_noms: autres,
    etat: sireneValue(record, 'etatAdministratifUniteLegale'),
    categorie_juridique: categorie,
    activite_principale: sireneValue(record, 'activitePrincipaleUniteLegale'),
    rang_taille: sizeRank(record),
    siret_siege: nic ? `${siren}${nic}` : null,
    ...nameForms(denomination, autres),
  };
}
